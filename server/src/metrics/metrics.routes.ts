import type { FastifyPluginAsync } from 'fastify';
import type { ConfigSlice } from '../config.ts';
import { metricsAnswerSchema, type MetricsAnswer } from '../../../domain/contracts/metrics.ts';
import { adminOnly } from '../http/access.ts';
import { documented } from '../http/openapi.ts';
import { computeMetrics } from './metrics.service.ts';

/** The dealer's time zone the days are counted in, and how long guests are kept. */
type MetricsSettings = ConfigSlice<{ server: 'timeZone'; retention: 'guestDays' }>;

export const metricsRoutes =
  ({ server, retention }: MetricsSettings): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/metrics',
      {
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary:
            'Business metrics for staff: the nine business metrics, applications by status and against the Regulation B deadline, and the last 30 days by day',
          tags: ['metrics'],
          answers: { 200: metricsAnswerSchema },
        }),
      },
      async (): Promise<MetricsAnswer> =>
        computeMetrics(app.db, { now: new Date(), timeZone: server.timeZone, guestRetentionDays: retention.guestDays }),
    );
  };
