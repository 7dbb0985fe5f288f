import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { auditPageSchema } from '../../../domain/contracts/audit.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { pagingParams, textParam, wholeNumberParam } from '../../../domain/query-params.ts';
import { listAudit } from './audit.repository.ts';
import { documented } from '../http/openapi.ts';

const auditQuerySchema = v.pipe(
  v.object({
    ...pagingParams(100),
    entity: textParam('entity', 50),
    entityId: textParam('entityId', 100),
    action: textParam('action', 100),
    actorUserId: wholeNumberParam(1, 2 ** 31 - 1, 'actorUserId must be a user id'),
  }),
  v.transform((q) => ({ ...q, page: q.page ?? 1, limit: q.limit ?? 20 })),
);

export const auditRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/audit',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: 'Audit log of staff actions (staff)',
        tags: ['audit'],
        querystring: auditQuerySchema,
        answers: { 200: auditPageSchema },
      }),
    },
    async (request) => listAudit(app.db, parseOr400(auditQuerySchema, request.query, 'audit filters')),
  );
};
