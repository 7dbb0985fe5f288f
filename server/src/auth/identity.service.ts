import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import { mergeGuestIntoUser } from '../users/guest-merge.service.ts';
import type { TelegramProfile } from '../users/telegram-profile.schema.ts';
import { createGuestUser, findUserById, findUserByTelegramId, upsertTelegramUser } from '../users/users.repository.ts';
import { InitDataError, verifyInitData } from './init-data.ts';
import { clearGuestCookie, clearSessionCookie, readGuestCookie, readSessionCookie, setGuestCookie } from './session-cookies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified Telegram profile when the request carried valid init data; null otherwise. */
    telegramProfile: TelegramProfile | null;
  }
}

const TMA_HEADER = /^tma[ \t]+(.+)$/is;

async function fromInitData(request: FastifyRequest, reply: FastifyReply, header: string): Promise<Viewer> {
  const { config, db } = request.server;
  const match = TMA_HEADER.exec(header);
  if (!match?.[1]) throw new HttpError('unauthorized', 'Use the Authorization header as "tma <init data>".');
  if (!config.bot.token) throw new HttpError('unauthorized', 'Telegram sign-in is not configured.');
  let profile: TelegramProfile;
  try {
    profile = verifyInitData(match[1].trim(), config.bot.token, config.initDataMaxAge);
  } catch (error) {
    // A valid signature over an unusable profile is bad input, not a failed sign-in.
    if (error instanceof InitDataError) throw new HttpError(error.problem === 'invalid_user' ? 'bad_request' : 'unauthorized', error.message, error.fields);
    throw error;
  }
  // Read first: the row exists on all but the first request, and is not rewritten (profile changes come with POST /api/users/register).
  const user = (await findUserByTelegramId(db, profile.id)) ?? (await upsertTelegramUser(db, profile));
  request.telegramProfile = profile;

  const guestId = readGuestCookie(request);
  if (guestId !== null) {
    await mergeGuestIntoUser(db, guestId, user.id);
    clearGuestCookie(reply);
  }
  return { userId: user.id, telegramId: profile.id, isAdmin: user.is_admin, via: 'telegram' };
}

/**
 * Who is asking, in this order: Telegram init data (Authorization: tma …), the staff session
 * cookie, the guest cookie. A present but invalid Authorization header is a 401, never a silent
 * fall-back to a weaker identity. Rights (is_admin) are read from the database on every request,
 * so a revoked admin loses access at once even with a live session cookie.
 */
export async function resolveViewer(request: FastifyRequest, reply: FastifyReply): Promise<Viewer | null> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) return fromInitData(request, reply, authorization);

  const { db } = request.server;
  const sessionUserId = readSessionCookie(request);
  if (sessionUserId !== null) {
    const user = await findUserById(db, sessionUserId);
    if (user?.kind === 'telegram') return { userId: user.id, telegramId: user.telegram_id, isAdmin: user.is_admin, via: 'session' };
    clearSessionCookie(reply);
  }

  const guestId = readGuestCookie(request);
  if (guestId !== null) {
    const user = await findUserById(db, guestId);
    if (user?.kind === 'guest') return { userId: user.id, telegramId: null, isAdmin: false, via: 'guest' };
    clearGuestCookie(reply);
  }
  return null;
}

/**
 * Fills request.viewer once per request of the API plugin this is registered in; route handlers
 * read only that. A CORS preflight carries no credentials, so it is nobody.
 */
export function registerIdentity(api: FastifyInstance) {
  api.decorateRequest('viewer', null);
  api.decorateRequest('telegramProfile', null);
  api.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS') request.viewer = await resolveViewer(request, reply);
  });
}

/**
 * The viewer, creating a web guest (and its cookie) when there is no identity yet. Call it only
 * where something must be remembered for the visitor (a favourite, a viewed car, an
 * application): reading pages never creates guests.
 */
export async function ensureViewer(request: FastifyRequest, reply: FastifyReply): Promise<Viewer> {
  if (request.viewer) return request.viewer;
  const guest = await createGuestUser(request.server.db);
  setGuestCookie(reply, guest.id);
  request.viewer = { userId: guest.id, telegramId: null, isAdmin: false, via: 'guest' };
  return request.viewer;
}

/** The viewer of a route guarded by `access`; the guard already answered 401 when there is none. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new HttpError('unauthorized', 'Sign in to continue.');
  return request.viewer;
}
