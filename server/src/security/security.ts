import type { FastifyInstance } from 'fastify';
import type { ConfigSlice } from '../config.ts';
import { registerOriginPolicy } from './origin-check.ts';
import { registerRateLimits } from './rate-limit.ts';

/**
 * The API's own guards, in hook order: the per-client rate limit (before any database work),
 * CORS for allowlisted origins, then the same-origin rule for writes.
 */
export async function registerApiGuards(
  api: FastifyInstance,
  { server, security }: ConfigSlice<{ server: 'allowedOrigins' | 'publicUrl'; security: 'rateLimit' }>,
) {
  await registerRateLimits(api, security.rateLimit);
  await registerOriginPolicy(api, server);
}
