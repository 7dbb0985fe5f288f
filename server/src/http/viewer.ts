import type { FastifyRequest } from 'fastify';
import type { IdentifiedVia } from '../../../domain/contracts/users.ts';
import { HttpError } from './errors.ts';

/**
 * Who is making a request, as verified by the identity layer (auth/identity.service.ts). Null for an
 * anonymous visitor. Route handlers read only this; they never look at headers or cookies
 * themselves. A handler that must remember something for an anonymous visitor (a favourite, an
 * application) calls ensureViewer(request, reply), which creates a web guest; routes for signed-in
 * users or admins declare `config: SIGNED_IN` or `config: adminOnly({ factor })` (http/access.ts).
 */
export interface Viewer {
  userId: number;
  telegramId: number | null;
  isAdmin: boolean;
  via: IdentifiedVia;
  /** The staff session row behind a 'session' viewer. */
  session?: ViewerSession;
}

/** What a request knows of its staff session (auth/staff-sessions.service.ts). */
export interface ViewerSession {
  /** SHA-256 of the session id: the row's key. */
  idHash: string;
  method: 'link' | 'widget' | 'dev';
  createdAt: Date;
  /** A passkey was checked in this session (docs/decisions/010-staff-sessions-and-passkeys.md). */
  passkeyVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** The viewer of a route guarded by `access`; the guard already answered 401 when there is none. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new HttpError('unauthorized', 'Sign in to continue.');
  return request.viewer;
}
