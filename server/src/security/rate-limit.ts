import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';

const MINUTE = 60_000;

const tooMany = (seconds: number) =>
  new HttpError('rate_limited', `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`);

/**
 * The stricter per-route limit (RATE_LIMIT_STRICT_MAX a minute per client) for sign-ins and any
 * other route worth guessing at or flooding, such as submitting an application:
 *
 *   app.post('/applications', { config: { rateLimit: STRICT_RATE_LIMIT } }, handler)
 *
 * Each route so configured counts on its own, on top of the global limit.
 */
export const STRICT_RATE_LIMIT: RateLimitOptions = {
  max: (request: FastifyRequest) => request.server.requestSettings.security.rateLimit.strictMax,
  timeWindow: MINUTE,
};

/**
 * Limits per client address: RATE_LIMIT_MAX API requests a minute, counted before any identity
 * or database work (the API plugin's first onRequest hook), and stricter limits on chosen routes.
 * Pages, build assets and car pictures live outside the API plugin and are never counted.
 * Counters live in memory, or in Redis with REDIS_URL so that several instances share them. When
 * Redis is unreachable, requests pass rather than the whole API failing.
 */
export async function registerRateLimits(app: FastifyInstance, { max, redisUrl }: Config['security']['rateLimit']) {
  let redis: Redis | undefined;
  if (redisUrl) {
    // Loaded only when configured: one instance keeps its counters in memory and needs no client.
    const { Redis: RedisClient } = await import('ioredis');
    redis = new RedisClient(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false });
    // ioredis reconnects on its own and reports every failed attempt; one warning per outage is enough.
    let down = false;
    redis.on('error', (error) => {
      if (!down) app.log.warn({ err: error }, 'rate-limit store (Redis) is failing; requests pass unlimited until it answers');
      down = true;
    });
    redis.on('ready', () => {
      if (down) app.log.info('rate-limit store (Redis) is back');
      down = false;
    });
    // Start serving even when Redis is down: the error handler above has already said so.
    await redis.connect().catch(() => {});
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }

  await app.register(rateLimit, {
    // The global limit is applied by the hook below, so that it runs before identity lookups;
    // the plugin itself only guards routes that ask for a stricter limit.
    global: false,
    max,
    timeWindow: MINUTE,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'car-credit:rate-limit:' } : {}),
    errorResponseBuilder: (_request, context) => tooMany(Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  const globalLimit = app.createRateLimit();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await globalLimit(request);
    if (result.isAllowed) return;
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    reply.header('x-ratelimit-reset', result.ttlInSeconds);
    if (!result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw tooMany(Math.max(1, result.ttlInSeconds));
  });
}
