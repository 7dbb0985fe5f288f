import type { Config } from '../config.ts';

/** The identity cookies (server/src/auth/session-cookies.ts sets and reads them; the API document names them). */
export type CookieKind = 'session' | 'guest';

/** In production the __Host- prefix makes browsers refuse the cookie unless Secure, Path=/ and host-only. */
export const cookieName = (server: Pick<Config['server'], 'production'>, kind: CookieKind) => (server.production ? `__Host-${kind}` : kind);
