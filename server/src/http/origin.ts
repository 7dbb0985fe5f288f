import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The origin the page was asked from (development, a preview host). The Host header is the client's
 * to write: one that names no host falls back to localhost.
 */
function requestOrigin(request: FastifyRequest): string {
  const origin = `${request.protocol}://${request.host}`;
  return URL.canParse(origin) ? new URL(origin).origin : 'http://localhost';
}

/** Where absolute links of pages and files point: PUBLIC_URL when set, else the origin the request came to. */
export const publicOrigin = (config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string =>
  config.publicUrl ?? requestOrigin(request);
