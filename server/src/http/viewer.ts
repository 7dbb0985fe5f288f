import type { IdentifiedVia } from '../../../domain/contracts/users.ts';

/**
 * Who is making a request, as verified by the identity layer (auth/identity.service.ts). Null for an
 * anonymous visitor. Route handlers read only this; they never look at headers or cookies
 * themselves. A handler that must remember something for an anonymous visitor (a favourite, an
 * application) calls ensureViewer(request, reply), which creates a web guest; routes for signed-in
 * users or admins declare `config: SIGNED_IN` or `config: ADMIN_ONLY` (http/access.ts).
 */
export interface Viewer {
  userId: number;
  telegramId: number | null;
  isAdmin: boolean;
  via: IdentifiedVia;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}
