import type { FastifyInstance } from 'fastify';
import { registerSecurityHeaders } from './headers.ts';
import { registerOriginPolicy } from './origin-check.ts';
import { piiCipherFromConfig, type PiiCipher } from './pii-crypto.ts';
import { registerRateLimits } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Encrypts personal data at rest with DATA_ENCRYPTION_KEY (see pii-crypto.ts). */
    readonly pii: PiiCipher;
  }
}

/**
 * The baseline every route gets, in hook order: security headers (so even refusals carry them),
 * the global rate limit, CORS for allowlisted origins, then the same-origin rule for writes.
 */
export async function registerSecurity(app: FastifyInstance) {
  app.decorate('pii', piiCipherFromConfig(app.config));
  await registerSecurityHeaders(app);
  await registerRateLimits(app);
  await registerOriginPolicy(app);
}
