import type { FastifyInstance } from 'fastify';
import { registerOriginPolicy } from './origin-check.ts';
import { registerRateLimits } from './rate-limit.ts';

/**
 * The API's own guards, in hook order: the per-client rate limit (before any database work),
 * CORS for allowlisted origins, then the same-origin rule for writes.
 */
export async function registerApiGuards(api: FastifyInstance) {
  await registerRateLimits(api);
  await registerOriginPolicy(api);
}
