/**
 * Who is making a request, as verified by the identity layer (auth/). Null for an anonymous
 * visitor. Route handlers read only this; they never look at headers or cookies themselves.
 */
export interface Viewer {
  userId: number;
  telegramId: number | null;
  isAdmin: boolean;
  via: 'telegram' | 'session' | 'guest';
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}
