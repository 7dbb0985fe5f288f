import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import { HOUR_SECONDS, type AddressCap } from '../security/address-caps.ts';
import { requestAddressKey } from '../security/client-address.ts';
import type { ConfigSlice } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { touchGuestSeen } from '../users/guests.repository.ts';
import { checkRoomForGuest, createGuest } from '../users/guests.service.ts';
import type { TelegramProfile } from '../users/telegram-profile.schema.ts';
import { findUserById, findUserByTelegramId, upsertTelegramUser } from '../users/users.repository.ts';
import { InitDataError, verifyInitData } from './init-data.ts';
import { clearGuestCookie, clearSessionCookie, readGuestCookie, readSessionToken, sentCookie, setGuestCookie } from './session-cookies.ts';
import { resumeStaffSession } from './staff-sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified Telegram profile when the request carried valid init data; null otherwise. */
    telegramProfile: TelegramProfile | null;
  }
}

const TMA_HEADER = /^tma[ \t]+(.+)$/is;

/**
 * What registerIdentity is given by the composition root (server/src/api.ts): the settings Telegram's
 * init data is checked with, and the guest merge, which moves rows of features that build on this
 * one (applications/guest-merge.service.ts), so it is handed in rather than imported. 'kept'
 * leaves the guest, and its cookie, as they are.
 */
interface IdentityDeps {
  settings: ConfigSlice<{ bot: 'token'; security: 'initDataMaxAge' }>;
  mergeGuest: (db: Db, guestId: number, userId: number) => Promise<'merged' | 'kept' | 'none'>;
}

async function fromInitData(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply, header: string): Promise<Viewer> {
  const { db } = request.server;
  const { bot, security } = deps.settings;
  const match = TMA_HEADER.exec(header);
  if (!match?.[1]) throw new HttpError('unauthorized', 'Use the Authorization header as "tma <init data>".');
  if (!bot.token) throw new HttpError('unauthorized', 'Telegram sign-in is not configured.');
  let profile: TelegramProfile;
  try {
    profile = verifyInitData(match[1].trim(), bot.token, security.initDataMaxAge);
  } catch (error) {
    // A valid signature over an unusable profile is bad input, not a failed sign-in.
    if (error instanceof InitDataError)
      throw new HttpError(error.problem === 'invalid_user' ? 'bad_request' : 'unauthorized', error.message, error.fields);
    throw error;
  }
  // Read first: the row exists on all but the first request, and is not rewritten (profile changes come with POST /api/users/register).
  const user = (await findUserByTelegramId(db, profile.id)) ?? (await upsertTelegramUser(db, profile));
  request.telegramProfile = profile;

  const guestId = readGuestCookie(request);
  // A guest kept whole (it holds a submitted application) keeps its cookie, so this browser still sees that application.
  if (guestId !== null && (await deps.mergeGuest(db, guestId, user.id)) !== 'kept') clearGuestCookie(reply);
  return { userId: user.id, telegramId: profile.id, isAdmin: user.is_admin, via: 'telegram' };
}

/**
 * Who is asking, in this order: Telegram init data (Authorization: tma …), the staff session
 * cookie (a live row in staff_sessions), the guest cookie. A present but invalid Authorization
 * header is a 401, never a silent fall-back to a weaker identity. Rights (is_admin) are read from
 * the database on every request, so a revoked admin loses access at once.
 */
async function resolveViewer(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply): Promise<Viewer | null> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) return fromInitData(deps, request, reply, authorization);

  const { db } = request.server;
  const sessionToken = readSessionToken(request);
  if (sessionToken !== null) {
    const live = await resumeStaffSession(db, sessionToken);
    if (live)
      return {
        userId: live.user.id,
        telegramId: live.user.telegram_id,
        isAdmin: live.user.is_admin,
        via: 'session',
        session: live.session,
      };
  }
  // Ended, expired, forged or from before server-side sessions: the browser may forget it.
  if (sentCookie(request, 'session')) clearSessionCookie(reply);

  const guestId = readGuestCookie(request);
  if (guestId !== null) {
    const user = await findUserById(db, guestId);
    if (user?.kind === 'guest' && (await stillHere(db, user))) return { userId: user.id, telegramId: null, isAdmin: false, via: 'guest' };
    clearGuestCookie(reply);
  }
  return null;
}

const DAY_MS = 86_400_000;

/**
 * Guests expire when unseen for GUEST_RETENTION_DAYS (expiry/expiry.service.ts), so a guest's
 * visit is recorded, at most once a day. False when the guest expired just now: its cookie is stale.
 */
async function stillHere(db: Db, guest: UserRow): Promise<boolean> {
  return guest.last_seen_at.getTime() > Date.now() - DAY_MS || touchGuestSeen(db, guest.id);
}

/** Whether the request could name anyone: identity comes only from the Authorization header and cookies (resolveViewer). */
const carriesCredentials = (request: FastifyRequest) => request.headers.authorization !== undefined || request.headers.cookie !== undefined;

/**
 * Fills request.viewer once per request of the API plugin this is registered in; route handlers
 * read only that. A CORS preflight carries no credentials, so it is nobody, and so is a request
 * with neither header, such as most catalogue reads, without waiting on anything.
 */
export function registerIdentity(api: FastifyInstance, deps: IdentityDeps) {
  api.decorateRequest('viewer', null);
  api.decorateRequest('telegramProfile', null);
  api.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'OPTIONS' || !carriesCredentials(request)) {
      done();
      return;
    }
    resolveViewer(deps, request, reply).then((viewer) => {
      request.viewer = viewer;
      done();
    }, done);
  });
}

/**
 * The viewer, creating a web guest (and its cookie) when there is no identity yet. Call it only
 * where something must be remembered for the visitor (a favourite, a viewed car, an
 * application): reading pages never creates guests.
 */
export async function ensureViewer(request: FastifyRequest, reply: FastifyReply): Promise<Viewer> {
  if (request.viewer) return request.viewer;
  const guest = await createGuest(request.server.db, guestCap(request));
  setGuestCookie(reply, guest.id);
  request.viewer = { userId: guest.id, telegramId: null, isAdmin: false, via: 'guest' };
  return request.viewer;
}

/** GUEST_MAX_PER_ADDRESS new guests an hour from the request's client address. */
const guestCap = (request: FastifyRequest): AddressCap => ({
  addressKey: requestAddressKey(request),
  max: request.server.requestSettings.security.guestLimits.guestsPerHour,
  windowSeconds: HOUR_SECONDS,
});

/**
 * For routes that do costly work before ensureViewer (decoding a photo): refuses at once when an
 * anonymous visitor could not be given a guest anyway.
 */
export async function checkRoomForViewer(request: FastifyRequest): Promise<void> {
  if (!request.viewer) await checkRoomForGuest(request.server.db, guestCap(request));
}
