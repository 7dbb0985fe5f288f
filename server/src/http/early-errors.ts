import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '../../../domain/contracts/errors.ts';

/**
 * Answers written before any hook runs: Node's own refusals (a request line or headers it cannot
 * read, headers too large, a request that took too long) and Fastify's routing errors (a broken
 * percent-encoding in the path). They carry the security headers and the `{error: {code,
 * message}}` shape of every other answer, with a fixed message: the URL or input they are about is
 * never repeated back.
 */

type Headers = Readonly<Record<string, string>>;

const NOT_HTTP: [ErrorCode, string] = ['bad_request', 'The request could not be read as HTTP.'];

/** Node's parser and timeout errors (error.code) → what the client is told. */
const CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: ['request_timeout', 'The request took too long to arrive. Please try again.'],
  HPE_HEADER_OVERFLOW: ['headers_too_large', 'The request line and headers are too large.'],
};

/** Fastify's routing errors (error.code) → what the client is told. */
const FRAMEWORK_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_BAD_URL: ['bad_request', 'The address is not valid: it holds a broken percent-encoding.'],
  FST_ERR_MAX_PARAM_LENGTH: ['uri_too_long', 'A part of the address is too long.'],
  FST_ERR_ASYNC_CONSTRAINT: ['internal', 'Something went wrong on our side. Please try again.'],
};

const errorBody = (code: ErrorCode, message: string): ErrorBody => ({ error: { code, message } });

/**
 * A whole HTTP answer written straight to the socket, then the connection closed: used where no
 * response object can be (a request Node could not parse) or should be (a body cut mid-way).
 */
export function answerOnSocket(socket: Socket, headers: Headers, code: ErrorCode, message: string) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = ERROR_STATUS[code];
  const body = JSON.stringify(errorBody(code, message));
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'cache-control: no-store',
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ];
  // Destroyed once written: a client still sending must not keep the connection by sending more.
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}

/** Fastify's clientErrorHandler: Node could not read a request, or the client was too slow. */
export function clientErrorHandler(headers: Headers) {
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
    // A reset connection has nobody left to answer (Node's own rule for clientError).
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [code, message] = (error.code && CLIENT_ERRORS[error.code]) || NOT_HTTP;
    // No request could be read, so there is no forwarded address to believe: the peer is named.
    this.log.info({ peer: socket.remoteAddress, status: ERROR_STATUS[code], reason: error.code }, 'request refused before routing');
    // Like Node's own handler: an answer already under way on this connection must not be corrupted.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (inFlight?.headersSent) socket.destroy();
    else answerOnSocket(socket, headers, code, message);
  };
}

/** Fastify's frameworkErrors: the request was read, but routing refused it before any hook ran. */
export function frameworkErrorHandler(headers: Headers) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [code, message] = FRAMEWORK_ERRORS[error.code] ?? NOT_HTTP;
    const status = ERROR_STATUS[code];
    if (status >= 500) request.log.error({ req: request, err: error }, 'request failed');
    else request.log.info({ req: request, status, reason: error.code }, 'request refused before routing');
    void reply.status(status).headers(headers).header('cache-control', 'no-store').send(errorBody(code, message));
  };
}
