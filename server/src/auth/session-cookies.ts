import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Identity on the plain web lives in signed, httpOnly cookies (design: scale-out keeps sessions in
 * signed cookies, so any instance can read them). The value carries its own expiry: a copied
 * cookie stops working on time even if a browser ignores Max-Age.
 */

export const SESSION_TTL_SECONDS = 12 * 60 * 60;
/** Guests keep their favourites for a year; browsers cap cookie lifetimes near there anyway. */
export const GUEST_TTL_SECONDS = 365 * 24 * 60 * 60;

type CookieKind = 'session' | 'guest';

/** In production the __Host- prefix makes browsers refuse the cookie unless Secure, Path=/ and host-only. */
export const cookieName = (config: Config, kind: CookieKind) => (config.production ? `__Host-${kind}` : kind);

const baseOptions = (config: Config): CookieSerializeOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: config.production,
  signed: true,
});

function write(reply: FastifyReply, kind: CookieKind, userId: number, ttlSeconds: number, now: Date) {
  const config = reply.server.config;
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  reply.setCookie(cookieName(config, kind), `${kind === 'session' ? 's1' : 'g1'}.${userId}.${expires}`, {
    ...baseOptions(config),
    maxAge: ttlSeconds,
  });
}

function read(request: FastifyRequest, kind: CookieKind, now: Date): number | null {
  const raw = request.cookies[cookieName(request.server.config, kind)];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  const match = /^(s1|g1)\.(\d{1,10})\.(\d{1,12})$/.exec(unsigned.value);
  if (!match || match[1] !== (kind === 'session' ? 's1' : 'g1')) return null;
  if (Number(match[3]) * 1000 <= now.getTime()) return null;
  return Number(match[2]);
}

function clear(reply: FastifyReply, kind: CookieKind) {
  const config = reply.server.config;
  reply.clearCookie(cookieName(config, kind), { ...baseOptions(config), signed: false });
}

export const setSessionCookie = (reply: FastifyReply, userId: number, now = new Date()) => write(reply, 'session', userId, SESSION_TTL_SECONDS, now);
export const readSessionCookie = (request: FastifyRequest, now = new Date()) => read(request, 'session', now);
export const clearSessionCookie = (reply: FastifyReply) => clear(reply, 'session');

export const setGuestCookie = (reply: FastifyReply, userId: number, now = new Date()) => write(reply, 'guest', userId, GUEST_TTL_SECONDS, now);
export const readGuestCookie = (request: FastifyRequest, now = new Date()) => read(request, 'guest', now);
export const clearGuestCookie = (reply: FastifyReply) => clear(reply, 'guest');
