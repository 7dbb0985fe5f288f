import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerOnSocket } from './early-errors.ts';

/** Before a body's rate counts: a phone waking its radio, TCP's slow start, a first retransmission. */
const GRACE_MS = 5000;
const CHECK_EVERY_MS = 1000;

interface Watched {
  request: FastifyRequest;
  reply: FastifyReply;
  socket: Socket;
  /** The socket's bytesRead when the request arrived: a kept-alive connection counts from there. */
  baseline: number;
  /** How long the app has been reading the body: waiting on the app is not the client's fault. */
  readingMs: number;
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;

/**
 * A minimum rate for request bodies, uploads included (HTTP_BODY_MIN_BYTES_PER_SECOND): a body
 * may take GRACE_MS plus one second for every minBytesPerSecond bytes received, so a client that
 * trickles a few bytes a second is answered 408 request_timeout and disconnected within seconds
 * instead of holding its connection until HTTP_REQUEST_TIMEOUT_MS. Bytes are read off the socket
 * rather than the body stream, which a parser or busboy may already be consuming; one timer checks
 * every body in flight.
 */
export function registerBodyRate(app: FastifyInstance, minBytesPerSecond: number, headers: Readonly<Record<string, string>>) {
  if (minBytesPerSecond === 0) return;
  const watched = new Set<Watched>();
  let timer: NodeJS.Timeout | undefined;

  const cut = ({ request, reply, socket, baseline, readingMs }: Watched) => {
    request.log.info(
      { req: request, status: 408, received: socket.bytesRead - baseline, seconds: readingMs / 1000 },
      'request body too slow',
    );
    // An answer already under way (a refusal sent before the body was read) cannot be replaced.
    if (reply.raw.headersSent) socket.destroy();
    else
      answerOnSocket(
        socket,
        headers,
        'request_timeout',
        'The request body arrived too slowly and was stopped. Check the connection and try again.',
      );
  };

  const check = () => {
    for (const entry of watched) {
      const { request, socket } = entry;
      if (request.raw.complete || socket.destroyed) {
        watched.delete(entry);
        continue;
      }
      // Nobody is reading yet (a handler still busy before it reads an upload): the socket is
      // paused by our own back-pressure, not by the client.
      if (request.raw.readableFlowing !== true) continue;
      entry.readingMs += CHECK_EVERY_MS;
      const allowedMs = GRACE_MS + ((socket.bytesRead - entry.baseline) / minBytesPerSecond) * 1000;
      if (entry.readingMs > allowedMs) {
        watched.delete(entry);
        cut(entry);
      }
    }
    if (watched.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    // Injected requests (tests) have no real socket and their whole body at once.
    if (socket instanceof Socket && hasBody(request) && !request.raw.complete) {
      watched.add({ request, reply, socket, baseline: socket.bytesRead, readingMs: 0 });
      timer ??= setInterval(check, CHECK_EVERY_MS).unref();
    }
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    watched.clear();
    done();
  });
}
