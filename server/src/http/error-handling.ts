import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { ERROR_STATUS, type ErrorCode } from '../../../domain/contracts/errors.ts';
import { HttpError } from './errors.ts';

/** Long enough for a pool to reconnect or a failover to finish, short enough for a person to wait. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const CODE_BY_STATUS = Object.fromEntries(Object.entries(ERROR_STATUS).map(([code, status]) => [status, code])) as Record<
  number,
  ErrorCode | undefined
>;

/**
 * One error handler for the process: typed errors become `{error: {code, message}}`; anything
 * unexpected is logged in full and answered with a generic 500 that leaks nothing.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.toBody());
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send({
        error: { code: 'database_unavailable', message: 'The service is briefly unavailable. Please try again in a few seconds.' },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'bad_request';
      // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to echo.
      return reply.status(status).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
  });
}

/** The JSON 404 for a path that matches no route: the API's own, and anything else that is not a page. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '/';
  return reply.status(404).send({ error: { code: 'not_found', message: `No route for ${request.method} ${path}` } });
}
