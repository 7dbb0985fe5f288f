import type { FastifyPluginAsync } from 'fastify';
import { pingDatabase } from '../db/database.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/error-handling.ts';
import { HttpError } from '../http/errors.ts';
import { healthAnswerSchema } from '../../../domain/contracts/site.ts';
import { documented } from '../http/openapi.ts';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    {
      schema: documented({
        summary: 'Health: 200 when the database answers, 503 otherwise',
        tags: ['site'],
        answers: { 200: healthAnswerSchema },
        errors: [503],
      }),
    },
    async (_request, reply) => {
      try {
        await pingDatabase(app.db);
      } catch {
        reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
        throw new HttpError('unavailable', 'The database is not answering.');
      }
      return { status: 'ok', database: 'ok' };
    },
  );
};
