import { Readable } from 'node:stream';
import type { Config, ConfigSlice } from '../config.ts';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { feedsAnswerSchema, type FeedsAnswer } from '../../../domain/contracts/feeds.ts';
import { FEED_CHANNELS } from '../../../domain/vehicle-feeds.ts';
import { adminOnly } from '../http/access.ts';
import { notFound } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { publicOrigin } from '../http/origin.ts';
import { feedPath, feedSite, feedsReport, openFeed } from './feeds.service.ts';

const params = v.object({ channel: v.picklist(FEED_CHANNELS) });

/** Channels fetch on a schedule (hourly or daily); a CDN or proxy may answer repeats for 15 minutes. */
const FEED_CACHE = 'public, max-age=900';

/**
 * GET /feeds/{channel}-vehicles.csv: the vehicle ads feeds Meta and Google fetch
 * (docs/product/feeds.md). Public like the car pages they link to, beside the API plugin like the car pictures.
 */
/** The dealer the feeds describe, and PUBLIC_URL for their links. */
type FeedSettings = Pick<Config, 'company'> & ConfigSlice<{ server: 'publicUrl' }>;

export const feedFileRoutes =
  ({ company, server }: FeedSettings): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/feeds/:channel-vehicles.csv',
      {
        // The handler answers an unknown feed itself (404), in the API's words rather than the schema validator's.
        validatorCompiler: () => (data: unknown) => ({ value: data }),
        schema: documented({
          summary: `The inventory as a vehicle ads feed (CSV, UTF-8, streamed): ${feedPath('meta')} in Meta's automotive inventory format (available cars and sales pending), ${feedPath('google')} in Google's vehicle ads format (available cars; 503 until DEALER_STORE_CODE is set). A car lacking a field the channel requires is left out; staff see which and why in GET /api/inventory/feeds`,
          tags: ['feeds'],
          answers: { 200: ['text/csv'] },
          params,
          errors: [404, 503],
        }),
      },
      async (request, reply) => {
        const parsed = v.safeParse(params, request.params);
        if (!parsed.success) throw notFound(`No such feed. The feeds are ${FEED_CHANNELS.map(feedPath).join(' and ')}.`);
        const { channel } = parsed.output;
        const lines = openFeed(app.db, channel, feedSite({ company }, publicOrigin(server, request)));
        return reply.type('text/csv; charset=utf-8').header('cache-control', FEED_CACHE).send(Readable.from(lines));
      },
    );
  };

/** GET /api/inventory/feeds: what each feed lists and leaves out, for the dashboard's Feeds screen. */
export const feedsReportRoutes =
  ({ company, server }: FeedSettings): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/inventory/feeds',
      {
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary:
            "The vehicle ads feeds (staff): each channel's feed URL, how many cars it lists, and the cars it leaves out with what each lacks (no VIN, no photo, …), or why the whole feed is not served",
          tags: ['feeds'],
          answers: { 200: feedsAnswerSchema },
        }),
      },
      async (request): Promise<FeedsAnswer> => feedsReport(app.db, feedSite({ company }, publicOrigin(server, request))),
    );
  };
