import type { FastifyPluginAsync } from 'fastify';
import { metricsAnswerSchema, type MetricsAnswer } from '../../../domain/contracts/metrics.ts';
import { adminOnly } from '../http/access.ts';
import { documented } from '../http/openapi.ts';
import { computeMetrics } from './metrics.service.ts';

export const metricsRoutes: FastifyPluginAsync = async (app) => {
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
      computeMetrics(app.db, { now: new Date(), timeZone: app.config.server.timeZone, guestRetentionDays: app.config.retention.guestDays }),
  );
};
