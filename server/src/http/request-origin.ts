import type { FastifyRequest } from 'fastify';

/**
 * Without PUBLIC_URL, the origin the page was asked from (development, a preview host). The Host
 * header is the client's to write: one that names no host falls back to localhost.
 */
export function requestOrigin(request: FastifyRequest): string {
  const origin = `${request.protocol}://${request.host}`;
  return URL.canParse(origin) ? new URL(origin).origin : 'http://localhost';
}

/** Where absolute links to this site point: PUBLIC_URL, or else the origin the request was sent to. */
export const siteOrigin = (request: FastifyRequest): string => request.server.config.publicUrl ?? requestOrigin(request);
