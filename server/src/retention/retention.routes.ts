import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import { retentionDueAnswerSchema, type RetentionDueAnswer } from '../../../domain/contracts/retention.ts';
import { adminOnly } from '../http/access.ts';
import { documented } from '../http/openapi.ts';
import { listErasuresDue } from './retention.service.ts';

/** What the retention job erases next (docs/product/retention.md#data-retention): ids, statuses and dates, no personal data. */
/** How long personal data is kept after a decision (RETENTION_MONTHS). */
type RetentionSettings = Pick<Config, 'personalDataRetention'>;

export const retentionRoutes =
  ({ personalDataRetention }: RetentionSettings): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/retention/due',
      {
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary:
            'The decided applications whose personal data the retention job erases next, soonest first, with their due dates (staff; no personal data)',
          tags: ['retention'],
          answers: { 200: retentionDueAnswerSchema },
        }),
      },
      async (): Promise<RetentionDueAnswer> => listErasuresDue(app.db, personalDataRetention.months),
    );
  };
