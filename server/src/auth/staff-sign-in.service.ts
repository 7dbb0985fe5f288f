import type { SignInAnswer } from '../../../domain/contracts/users.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import type { TelegramProfile } from '../users/telegram-profile.schema.ts';
import { findUserById, findUserByTelegramId, toCurrentUser, touchLastActive, upsertTelegramUser } from '../users/users.repository.ts';
import { consumeSignInToken } from './sign-in-links.service.ts';
import { endAllStaffSessions, endStaffSession, openStaffSession } from './staff-sessions.service.ts';
import type { SignInMethod } from './staff-sessions.repository.ts';
import { acceptWidgetLogin, WidgetLoginError, type WidgetLoginData } from './telegram-widget.ts';

export type { SignInMethod };

/**
 * Staff sign-in on the plain web (docs/product/staff-dashboard.md#staff-sign-in, docs/product/staff-dashboard.md#staff-sessions):
 * who a one-time link, the Telegram Login Widget or the development sign-in names, and the audited
 * start and end of their sessions. The routes keep the cookies.
 */

/** The staff member of a one-time link: 401 when it is unknown, used or expired, 403 when its user is no admin. */
export async function staffOfSignInLink(db: Db, token: string): Promise<UserRow> {
  // Consumed on its own, before any check that could fail: a link works once, whatever happens next.
  const userId = await consumeSignInToken(db, token);
  if (userId === undefined)
    throw new HttpError('unauthorized', 'This sign-in link is invalid, already used or expired. Send /login to the bot for a new one.');
  const user = await findUserById(db, userId);
  if (!user?.is_admin) throw new HttpError('forbidden', 'Sign-in links are for staff (admins) only.');
  return user;
}

async function widgetProfile(db: Db, data: WidgetLoginData, botToken: string): Promise<TelegramProfile> {
  try {
    return await acceptWidgetLogin(db, data, botToken);
  } catch (error) {
    if (error instanceof WidgetLoginError) throw new HttpError('unauthorized', error.message);
    throw error;
  }
}

/** The admin behind genuine widget data, with the profile it carries saved: 401 when the data is not genuine, 403 for anyone else. */
export async function staffOfWidgetLogin(db: Db, data: WidgetLoginData, botToken: string): Promise<UserRow> {
  const profile = await widgetProfile(db, data, botToken);
  // Sessions exist for the dashboard; customers use the mini app, which signs every request itself.
  const known = await findUserByTelegramId(db, profile.id);
  if (!known?.is_admin) throw new HttpError('forbidden', 'Staff sign-in is for admins only. Customers can open the app in Telegram.');
  return upsertTelegramUser(db, profile, { refreshProfile: true });
}

/** The development sign-in knows an id and, when given, a name; nothing else of a Telegram profile. */
const devProfile = (id: number, firstName: string | undefined): TelegramProfile => ({
  id,
  firstName: firstName ?? null,
  lastName: null,
  username: null,
  photoUrl: null,
  languageCode: null,
});

/**
 * The user of the development sign-in (DEV_LOGIN=1 only), created when new, an admin when asked.
 * It stands in for a Telegram user opening the mini app, so it is registered as one would be.
 */
export function developmentUser(db: Db, telegramId: number, isAdmin: boolean, firstName: string | undefined): Promise<UserRow> {
  return upsertTelegramUser(db, devProfile(telegramId, firstName), { isAdmin, register: true });
}

/**
 * A new staff session for a verified sign-in, ending the one this browser had (previousToken), and
 * its audit row. Answers the session id for the cookie and where the staff member goes next.
 */
export async function startStaffSession(
  db: Db,
  user: UserRow,
  method: SignInMethod,
  previousToken: string | null,
): Promise<{ token: string; answer: SignInAnswer }> {
  const token = await openStaffSession(db, user.id, method, previousToken);
  // Signing in is activity: on the plain web nothing else records it (the mini app does on opening).
  await touchLastActive(db, user.id);
  await recordAudit(db, { actorUserId: user.id, action: 'auth.sign_in', entity: 'user', entityId: user.id, details: { method } });
  return { token, answer: { ok: true, redirect: user.is_admin ? '/dashboard' : '/', user: toCurrentUser(user) } };
}

/** Ends this browser's session, if it has one; a staff member signed in by that session has the sign-out audited. */
export async function signOut(db: Db, token: string | null, viewer: Viewer | null): Promise<void> {
  if (token !== null) await endStaffSession(db, token);
  if (viewer?.via === 'session') {
    await recordAudit(db, { actorUserId: viewer.userId, action: 'auth.sign_out', entity: 'user', entityId: viewer.userId });
  }
}

/** Ends every staff session of the viewer, in every browser, with its audit row in the same transaction; answers how many. */
export async function signOutEverywhere(db: Db, { userId, via }: Viewer): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const count = await endAllStaffSessions(trx, userId);
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'auth.sign_out_everywhere',
      entity: 'user',
      entityId: userId,
      details: { sessions: count, via },
    });
    return count;
  });
}
