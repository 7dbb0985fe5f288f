import { chatLinkFor } from '../../../domain/chat-link.ts';
import { maskContacts } from '../../../domain/contact-masking.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import type { CurrentUser, UserListItem } from '../../../domain/contracts/users.ts';
import { regBOverdueBefore } from '../../../domain/regulation-b.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { UserRow } from '../db/schema.ts';
import type { TelegramProfile } from './telegram-profile.schema.ts';
import { findUserById, listUsers, toCurrentUser, touchLastActive, upsertTelegramUser, type UserListQuery } from './users.repository.ts';

/** The signed-in user as /api/me shows them; null when their row is gone. */
export async function currentUser(db: Db, userId: number): Promise<CurrentUser | null> {
  const user = await findUserById(db, userId);
  return user ? toCurrentUser(user) : null;
}

/** docs/product/identity.md#identity: the Telegram user opening the mini app, saved with the profile Telegram signed. */
export async function registerTelegramUser(db: Db, profile: TelegramProfile): Promise<CurrentUser> {
  return toCurrentUser(await upsertTelegramUser(db, profile, { refreshProfile: true, register: true }));
}

/** Stamps last_active_at now; undefined when there is no such user. */
export const recordActivity = (db: Db, userId: number): Promise<UserRow | undefined> => touchLastActive(db, userId);

/** Whether the list shows emails and phone numbers whole, or masked until the session's passkey check (http/access.ts needsPasskey). */
export type ContactsShown = 'full' | 'masked';

/**
 * docs/product/staff-dashboard.md#users-list: the staff's users table, with today's Regulation B cutoff, and each
 * user's Chat link built from their topic in the staff group and their username (domain/chat-link.ts).
 * Masked contacts cannot be searched for either: a search answers whether a guess is right, so
 * one letter at a time it would spell out what the mask hides.
 */
export async function listUsersForStaff(
  db: Db,
  query: UserListQuery,
  staffChatId: number | undefined,
  viewerUserId: number,
  contacts: ContactsShown,
): Promise<Paged<UserListItem>> {
  if (contacts === 'masked' && (query.email !== undefined || query.phone !== undefined))
    throw new HttpError('mfa_required', "Confirm it's you with your passkey to search by email or phone.");
  const users = await listUsers(db, query, { staffChatId, regBOverdueBefore: regBOverdueBefore(new Date()), viewerUserId });
  const items = users.items.map(({ messageThreadId, ...user }) => ({
    ...(contacts === 'masked' ? maskContacts(user) : user),
    chatUrl: chatLinkFor(staffChatId, { username: user.username, messageThreadId }).url,
  }));
  return { ...users, items };
}
