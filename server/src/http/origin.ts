import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

/** The origin the request was sent to; null when its Host header (the client's to write) names no host. */
function hostOrigin(request: FastifyRequest): string | null {
  const origin = `${request.protocol}://${request.host}`;
  return URL.canParse(origin) ? new URL(origin).origin : null;
}

/**
 * Where absolute links of pages and files point: PUBLIC_URL when set, else the origin the request
 * came to (development, a preview host). A Host header that names no host falls back to localhost:
 * the page still works, only its links are off.
 */
export const publicOrigin = (server: Pick<Config['server'], 'publicUrl'>, request: FastifyRequest): string =>
  server.publicUrl ?? hostOrigin(request) ?? 'http://localhost';

/**
 * The same, for an answer made of nothing but links (the sitemap, robots.txt): links to localhost
 * would be no use to anyone, so a Host header that names no host is refused.
 */
export function siteOrigin(server: Pick<Config['server'], 'publicUrl'>, request: FastifyRequest): string {
  const origin = server.publicUrl ?? hostOrigin(request);
  if (origin === null) throw new HttpError('bad_request', "The Host header names no host, so this site's addresses cannot be written.");
  return origin;
}
