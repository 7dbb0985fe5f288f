import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { notFound, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import type { MediaContentType } from './media-store.service.ts';

/** The URL's extension says which of a photo's formats it is; the hash says which bytes. */
const CONTENT_TYPES: Record<'webp' | 'jpg', MediaContentType> = { webp: 'image/webp', jpg: 'image/jpeg' };

const params = v.object({
  hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'hash must be 64 lowercase hex digits (the SHA-256 of the image)')),
  format: v.picklist(['webp', 'jpg'], 'the extension must be webp or jpg'),
});

/** A year, the longest lifetime HTTP caches are asked to honour. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /media/photos/{hash}.{webp|jpg}: a stored car photo variant (docs/decisions/018-car-photos.md).
 * The URL names the bytes, so the answer never changes: any cache, a CDN in front of several
 * instances included, may keep it for a year, and a revalidation is answered from the ETag alone.
 * Registered beside the API plugin: no API hook (identity, rate limit, no-store) concerns it.
 */
export const photoMediaRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/media/photos/:hash.:format',
    {
      schema: documented({
        summary: 'A car photo variant by the SHA-256 of its bytes, cacheable for ever (Cache-Control: immutable, ETag = the hash)',
        tags: ['media'],
        answers: { 200: ['image/webp', 'image/jpeg'], 304: null },
        params,
      }),
    },
    async (request, reply) => {
      const { hash, format } = parseOr400(params, request.params, 'photo');
      const etag = `"${hash}"`;
      // The bytes behind a hash never change, so a cache that holds them holds them right: no need to read them.
      if (request.headers['if-none-match'] === etag) return reply.code(304).header('etag', etag).header('cache-control', IMMUTABLE).send();
      const stored = await app.media.get(hash);
      if (!stored || stored.contentType !== CONTENT_TYPES[format]) throw notFound('No photo with this name.');
      return reply.type(stored.contentType).header('etag', etag).header('cache-control', IMMUTABLE).send(stored.bytes);
    },
  );
};
