import type { FastifyInstance } from 'fastify';
import { registerSecurityHeaders } from './headers.ts';
import { registerOriginPolicy } from './origin-check.ts';
import { registerRateLimits } from './rate-limit.ts';

/**
 * The baseline every route gets, in hook order: security headers (so even refusals carry them),
 * the global rate limit, CORS for allowlisted origins, then the same-origin rule for writes.
 */
export async function registerSecurity(app: FastifyInstance) {
  await registerSecurityHeaders(app);
  await registerRateLimits(app);
  await registerOriginPolicy(app);
}
