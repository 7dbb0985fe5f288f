import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import { lookupCountry } from './country.ts';
import { countryFromHeader } from './geo.service.ts';
import { documented } from '../http/openapi.ts';
import { geoAnswerSchema, type GeoAnswer } from '../../../domain/contracts/site.ts';

/**
 * GET /api/geo → {countryCode}: the visitor's country for the first language choice (docs/product/identity.md#languages).
 * A trusted proxy header wins; otherwise the configured lookup service is asked on the browser's
 * behalf, so the browser never calls a third party. With neither configured, or on any failure,
 * the answer is null and the page uses English.
 */
/** Where the visitor's country comes from. */
type GeoSettings = Pick<Config, 'geo'>;

export const geoRoutes =
  ({ geo }: GeoSettings): FastifyPluginAsync =>
  async (app) => {
    const { countryHeader, lookupUrl } = geo;

    app.get(
      '/geo',
      {
        schema: documented({
          summary: "The visitor's country, for the first language choice",
          tags: ['site'],
          answers: { 200: geoAnswerSchema },
        }),
      },
      async (request, reply): Promise<GeoAnswer> => {
        reply.header('cache-control', 'private, no-store');
        const fromHeader = countryFromHeader(request.headers, countryHeader);
        if (fromHeader) return { countryCode: fromHeader };
        if (lookupUrl) {
          try {
            return { countryCode: await lookupCountry(lookupUrl, request.ip) };
          } catch (error) {
            request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'country lookup failed');
          }
        }
        return { countryCode: null };
      },
    );
  };
