import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/** The origin the request was sent to; null when its Host header (the client's to write) names no host. */
function hostOrigin(request: FastifyRequest): string | null {
  const origin = `${request.protocol}://${request.host}`;
  return URL.canParse(origin) ? new URL(origin).origin : null;
}

/**
 * Without PUBLIC_URL, the origin the page was asked from (development, a preview host). A Host
 * header that names no host falls back to localhost: the page still works, only its links are off.
 */
export const requestOrigin = (request: FastifyRequest): string => hostOrigin(request) ?? 'http://localhost';

/**
 * Where absolute links to this site point, for an answer made of nothing else (the sitemap,
 * robots.txt): PUBLIC_URL, or else the origin the request was sent to. Links to localhost would be
 * no use to anyone, so a Host header that names no host is refused.
 */
export function siteOrigin(request: FastifyRequest): string {
  const origin = request.server.config.publicUrl ?? hostOrigin(request);
  if (origin === null) throw new HttpError('bad_request', "The Host header names no host, so this site's addresses cannot be written.");
  return origin;
}
