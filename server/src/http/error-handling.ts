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
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
      return reply.status(error.statusCode).send(error.toBody());
    }
    // The client hung up mid-body, or its too-slow body was cut (body-rate.ts): nobody is left to
    // read an answer, and the socket error this raises is no database outage.
    if (request.raw.socket?.destroyed === true && !request.raw.complete) {
      return reply.status(400).send({ error: { code: 'bad_request', message: 'The request ended before its body arrived.' } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ req: request, err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
        .send({
          error: { code: 'database_unavailable', message: 'The service is briefly unavailable. Please try again in a few seconds.' },
        });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'bad_request';
      // Fastify's own client errors (bad JSON, body too large, wrong content type) have fixed texts;
      // another library's message might quote the request back, so it is not repeated.
      const message = error.code?.startsWith('FST_') ? error.message : 'The request could not be processed.';
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ req: request, err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
  });
}

/** The JSON 404 for a path that matches no route: the API's own, and anything else that is not a page. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '/';
  return reply.status(404).send({ error: { code: 'not_found', message: `No route for ${request.method} ${path}` } });
}
