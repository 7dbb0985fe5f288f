import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { HttpError } from '../http/errors.ts';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => {
    try {
      await sql`select 1`.execute(app.db);
    } catch {
      throw new HttpError('unavailable', 'The database is not answering.');
    }
    return { status: 'ok', database: 'ok' };
  });
};
