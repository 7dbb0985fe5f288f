import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieName, type CookieKind } from '../http/cookie-names.ts';
import type { RequestSettings } from '../http/request-settings.ts';

/**
 * Identity on the plain web lives in signed, httpOnly cookies. The staff session cookie holds only
 * a random session id; the session itself is a database row (staff-sessions.service.ts), so
 * signing out ends it at once. The guest cookie carries its own expiry: a copied cookie stops
 * working on time even if a browser ignores Max-Age.
 */

/** The absolute lifetime of a staff session (docs/decisions/010-staff-sessions-and-passkeys.md). */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
/** Guests keep their favourites for a year; browsers cap cookie lifetimes near there anyway. */
export const GUEST_TTL_SECONDS = 365 * 24 * 60 * 60;

const baseOptions = (server: RequestSettings['server']): CookieSerializeOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: server.production,
  signed: true,
});

/** Whether the browser sent this cookie at all, valid or not. */
export const sentCookie = (request: FastifyRequest, kind: CookieKind) =>
  request.cookies[cookieName(request.server.requestSettings.server, kind)] !== undefined;

function unsigned(request: FastifyRequest, kind: CookieKind): string | null {
  const raw = request.cookies[cookieName(request.server.requestSettings.server, kind)];
  if (!raw) return null;
  const result = request.unsignCookie(raw);
  return result.valid ? result.value : null;
}

function clear(reply: FastifyReply, kind: CookieKind) {
  const { server } = reply.server.requestSettings;
  reply.clearCookie(cookieName(server, kind), { ...baseOptions(server), signed: false });
}

/** A session id: 32 random bytes, base64url without padding. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function setSessionCookie(reply: FastifyReply, token: string) {
  const { server } = reply.server.requestSettings;
  reply.setCookie(cookieName(server, 'session'), `s2.${token}`, { ...baseOptions(server), maxAge: SESSION_TTL_SECONDS });
}

/** The session id the browser presented, or null (none, forged, or the old `s1` format). */
export function readSessionToken(request: FastifyRequest): string | null {
  const value = unsigned(request, 'session');
  const token = value?.startsWith('s2.') ? value.slice(3) : null;
  return token !== null && SESSION_TOKEN_PATTERN.test(token) ? token : null;
}

export const clearSessionCookie = (reply: FastifyReply) => clear(reply, 'session');

export function setGuestCookie(reply: FastifyReply, userId: number, now = new Date()) {
  const { server } = reply.server.requestSettings;
  const expires = Math.floor(now.getTime() / 1000) + GUEST_TTL_SECONDS;
  reply.setCookie(cookieName(server, 'guest'), `g1.${userId}.${expires}`, { ...baseOptions(server), maxAge: GUEST_TTL_SECONDS });
}

export function readGuestCookie(request: FastifyRequest, now = new Date()): number | null {
  const match = /^g1\.(\d{1,10})\.(\d{1,12})$/.exec(unsigned(request, 'guest') ?? '');
  if (!match || Number(match[2]) * 1000 <= now.getTime()) return null;
  return Number(match[1]);
}

export const clearGuestCookie = (reply: FastifyReply) => clear(reply, 'guest');
