import { sql, type Expression } from 'kysely';
import { toSupportedLanguage } from '../../../domain/enums.ts';
import { phoneSearchDigits } from '../../../domain/format.ts';
import { toPaged, type Paged } from '../../../domain/contracts/paged.ts';
import type { CurrentUser, UserItem, UserListItem } from '../../../domain/contracts/users.ts';
import type { Db } from '../db/database.ts';
import { awaitsDecisionNotice } from '../adverse-action/adverse-action.repository.ts';
import type { ApplicationStatus, Language } from '../../../domain/enums.ts';
import type { UserRow } from '../db/schema.ts';
import type { TelegramProfile } from './telegram-profile.schema.ts';

export const toUserItem = (row: UserRow): UserItem => ({
  id: row.id,
  is_admin: row.is_admin,
  first_name: row.first_name,
  last_name: row.last_name,
  username: row.username,
  email: row.email,
  phone: row.phone,
  language: row.language,
  registered_at: row.registered_at?.toISOString() ?? null,
  last_active_at: row.last_active_at?.toISOString() ?? null,
  tag: row.tag,
});

export const toCurrentUser = (row: UserRow): CurrentUser => ({
  ...toUserItem(row),
  telegramId: row.telegram_id,
  photoUrl: row.photo_url,
  kind: row.kind,
});

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByTelegramId(db: Db, telegramId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('telegram_id', '=', telegramId).executeTakeFirst();
}

const profileColumns = (profile: TelegramProfile) => ({
  first_name: profile.firstName,
  last_name: profile.lastName,
  username: profile.username,
  photo_url: profile.photoUrl,
  language: toSupportedLanguage(profile.languageCode),
});

/**
 * A row created from an id alone (ADMIN_TELEGRAM_IDS, the development sign-in) has no name; the
 * first verified profile gives it one, so that histories name a person rather than a number.
 */
const namesWhereMissing = {
  first_name: sql<string | null>`coalesce(users.first_name, excluded.first_name)`,
  last_name: sql<string | null>`coalesce(users.last_name, excluded.last_name)`,
  username: sql<string | null>`coalesce(users.username, excluded.username)`,
};

/** What differs between the ways a Telegram user's row is written; an insert writes all it is given. */
interface TelegramUserWrite {
  /** An existing row takes Telegram's name, username, photo and language too (sign-ins that take profile changes). */
  refreshProfile?: boolean;
  /** Stamps registered_at, the first time only (POST /api/users/register). */
  register?: boolean;
  isAdmin?: boolean;
}

/**
 * The users row of a Telegram user, created when missing. Given only an id (a bot update whose
 * sender cannot be read) the row has no profile. An existing row keeps what it has unless `write`
 * asks otherwise, so a language stored earlier is not rewritten by every request; only names it
 * lacks are filled in (docs/product/identity.md#identity: every verified user has
 * a row, so that favourites and applications can point at it).
 */
export async function upsertTelegramUser(db: Db, user: TelegramProfile | { id: number }, write: TelegramUserWrite = {}): Promise<UserRow> {
  const profile = 'languageCode' in user ? profileColumns(user) : {};
  const admin = write.isAdmin === undefined ? {} : { is_admin: write.isAdmin };
  const onExisting = {
    ...(write.refreshProfile ? profile : 'languageCode' in user ? namesWhereMissing : {}),
    ...(write.register ? { registered_at: sql<Date>`coalesce(users.registered_at, now())` } : {}),
    ...admin,
  };
  return db
    .insertInto('users')
    .values({
      telegram_id: user.id,
      kind: 'telegram',
      ...profile,
      ...admin,
      ...(write.register ? { registered_at: sql<Date>`now()` } : {}),
    })
    .onConflict((oc) =>
      oc
        .column('telegram_id')
        // With nothing to change, a no-op update still makes RETURNING answer the row (a concurrent first request may have inserted it).
        .doUpdateSet((eb) => (Object.keys(onExisting).length > 0 ? onExisting : { telegram_id: eb.ref('excluded.telegram_id') })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function touchLastActive(db: Db, userId: number): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ last_active_at: sql`now()` })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * ADMIN_TELEGRAM_IDS become admins at every start (creating their rows when needed). Answers the
 * users who were not admins before, so the caller can audit the change.
 */
export async function grantAdminToTelegramIds(db: Db, telegramIds: readonly number[]): Promise<UserRow[]> {
  if (telegramIds.length === 0) return [];
  const unique = [...new Set(telegramIds)];
  return db
    .insertInto('users')
    .values(unique.map((telegramId) => ({ telegram_id: telegramId, kind: 'telegram' as const, is_admin: true })))
    .onConflict((oc) => oc.column('telegram_id').doUpdateSet({ is_admin: true }).where('users.is_admin', '=', false))
    .returningAll()
    .execute();
}

export type AdminChange =
  { kind: 'ok'; user: UserRow; changed: boolean } | { kind: 'not_found' } | { kind: 'guest' } | { kind: 'last_admin' };

/**
 * Grants or revokes admin rights; run it inside a transaction. The admin rows are locked first, in
 * id order, so two admins revoking each other at once cannot both succeed and leave no admin.
 */
export async function setAdminFlag(trx: Db, userId: number, isAdmin: boolean): Promise<AdminChange> {
  const admins = await trx.selectFrom('users').select('id').where('is_admin', '=', true).orderBy('id').forUpdate().execute();
  const target = await trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!target) return { kind: 'not_found' };
  if (target.kind === 'guest') return { kind: 'guest' };
  if (target.is_admin === isAdmin) return { kind: 'ok', user: target, changed: false };
  if (!isAdmin && admins.length <= 1) return { kind: 'last_admin' };
  const user = await trx.updateTable('users').set({ is_admin: isAdmin }).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
  return { kind: 'ok', user, changed: true };
}

export const USER_SORTS = ['registered_at', 'last_active_at', 'first_name', 'last_name', 'username', 'email'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export interface UserListQuery {
  page: number;
  limit: number;
  first_name?: string | undefined;
  last_name?: string | undefined;
  username?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  language?: Language | undefined;
  is_admin?: boolean | undefined;
  applicationStatus?: ApplicationStatus | undefined;
  /** Only applicants still in review past the Regulation B deadline (true), or everyone else (false). */
  regBOverdue?: boolean | undefined;
  /** Only applicants whose lead the caller has taken. */
  assignee?: 'me' | undefined;
  /** Only applicants no staff member has responded to yet (true), or everyone else (false). */
  waitingForFirstContact?: boolean | undefined;
  sortBy: UserSort;
  sortOrder: 'asc' | 'desc';
}

/** A users list row: the chat link is built from its topic and username by users.service.ts (domain/chat-link.ts). */
export interface UserListRow extends Omit<UserListItem, 'chatUrl'> {
  /** The user's forum topic in the staff group, or null when the bot opened none. */
  messageThreadId: number | null;
}

/** What the users list needs besides the query: the staff group whose topics it joins, and today's Regulation B cutoff. */
export interface UserListContext {
  staffChatId: number | undefined;
  /** Applications submitted before this and still owing word of the decision (awaitsDecisionNotice) are past the Regulation B deadline. */
  regBOverdueBefore: Date;
  /** The staff member asking, whom assignee=me means. */
  viewerUserId: number;
}

const SEARCHABLE = ['first_name', 'last_name', 'username', 'email'] as const;

/** LIKE treats % and _ as wildcards and \ as the escape; a search for "50%" must mean exactly that. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * docs/product/staff-dashboard.md#users-list: filters, paging (1 and 10 by default) and sorting of the users table, with each
 * user's application. Telegram users are listed, and web guests once they have applied (a guest
 * who only browsed is a cookie, not a person staff can act on).
 */
export async function listUsers(db: Db, q: UserListQuery, context: UserListContext): Promise<Paged<UserListRow>> {
  let filtered = db
    .selectFrom('users')
    .leftJoin('applications', 'applications.user_id', 'users.id')
    .where((eb) => eb.or([eb('users.kind', '=', 'telegram'), eb('applications.id', 'is not', null)]));
  for (const column of SEARCHABLE) {
    const text = q[column];
    if (text !== undefined)
      filtered = filtered.where(sql<string>`lower(${sql.ref(`users.${column}`)})`, 'like', `%${escapeLike(text.toLowerCase())}%`);
  }
  if (q.phone !== undefined) {
    // Numbers are compared by their digits, so any way of writing one finds it (domain/format.ts).
    const digits = phoneSearchDigits(q.phone);
    filtered =
      digits === ''
        ? filtered.where(sql<boolean>`false`)
        : filtered.where(sql<string>`regexp_replace(users.phone, '[^0-9]', '', 'g')`, 'like', `%${digits}%`);
  }
  if (q.language !== undefined) filtered = filtered.where('users.language', '=', q.language);
  if (q.is_admin !== undefined) filtered = filtered.where('users.is_admin', '=', q.is_admin);
  if (q.applicationStatus !== undefined) filtered = filtered.where('applications.status', '=', q.applicationStatus);
  if (q.regBOverdue !== undefined) {
    // Users without an application are not overdue (coalesce), so false lists them too.
    const overdue = sql<boolean>`coalesce(${awaitsDecisionNotice('applications')} and applications.submitted_at < ${context.regBOverdueBefore}, false)`;
    filtered = filtered.where(overdue, '=', q.regBOverdue);
  }
  if (q.assignee === 'me') filtered = filtered.where('applications.assignee_user_id', '=', context.viewerUserId);
  if (q.waitingForFirstContact !== undefined) {
    const waiting = sql<boolean>`coalesce(applications.id is not null and applications.first_response_at is null, false)`;
    filtered = filtered.where(waiting, '=', q.waitingForFirstContact);
  }

  // Text sorts are case-insensitive (matching the lower(column), id indexes); nulls always go last.
  const column = sql.ref(`users.${q.sortBy}`);
  const sortKey: Expression<unknown> = q.sortBy === 'registered_at' || q.sortBy === 'last_active_at' ? column : sql`lower(${column})`;
  // A user has at most one topic in the staff group; without STAFF_CHAT_ID no row can match.
  const page = filtered
    .leftJoin('bot_threads', (join) =>
      join.onRef('bot_threads.user_id', '=', 'users.id').on('bot_threads.staff_chat_id', '=', context.staffChatId ?? null),
    )
    .selectAll('users')
    .select([
      'applications.id as applicationId',
      'applications.status as applicationStatus',
      'bot_threads.message_thread_id as messageThreadId',
    ])
    .orderBy(sortKey, (ob) => (q.sortOrder === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('users.id', q.sortOrder)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [rows, counted] = await Promise.all([
    page.execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map(({ applicationId, applicationStatus, messageThreadId, ...user }) => ({
    ...toUserItem(user),
    applicationId,
    applicationStatus,
    messageThreadId,
  }));
  return toPaged(items, Number(counted.total), q.page, q.limit);
}

export interface ApplicantProfile {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** The language the guest applied in, which their emails then use; absent keeps the stored one. */
  language?: Language | undefined;
}

/**
 * A web guest who applies becomes someone staff can find in the users list: the guest's empty
 * profile takes the applicant's name and contacts, and the application counts as registering.
 * Telegram users keep the profile Telegram gave them (and Telegram's language).
 */
export async function completeGuestProfile(db: Db, userId: number, profile: ApplicantProfile): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: sql<string>`coalesce(first_name, ${profile.first_name})`,
      last_name: sql<string>`coalesce(last_name, ${profile.last_name})`,
      email: sql<string>`coalesce(email, ${profile.email})`,
      phone: sql<string>`coalesce(phone, ${profile.phone})`,
      registered_at: sql<Date>`coalesce(registered_at, now())`,
      ...(profile.language ? { language: profile.language } : {}),
    })
    .where('id', '=', userId)
    .where('kind', '=', 'guest')
    .execute();
}
