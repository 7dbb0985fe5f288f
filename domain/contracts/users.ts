import * as v from 'valibot';
import { APPLICATION_STATUSES, LANGUAGES, type ApplicationStatus, type Language } from '../enums.ts';
import type { Paged } from './paged.ts';

/** A user as the dashboard lists it (docs/product/staff-dashboard.md#users-list), with last_active_at and tag. */
export interface UserItem {
  id: number;
  is_admin: boolean;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  email: string | null;
  phone: string | null;
  language: Language;
  registered_at: string | null;
  last_active_at: string | null;
  tag: string | null;
}

/** A row of GET /api/users: the user and, when they have applied, their application's id and status. */
export interface UserListItem extends UserItem {
  applicationId: number | null;
  applicationStatus: ApplicationStatus | null;
  /** Where the dashboard's Chat button goes (the applicant's staff topic, else their username); null disables it. */
  chatUrl: string | null;
}

/** The signed-in user as /api/me shows it: the list fields plus our own camelCase additions. */
export interface CurrentUser extends UserItem {
  telegramId: number | null;
  photoUrl: string | null;
  kind: 'telegram' | 'guest';
}

/** How the server knew the caller: Telegram init data, the staff session cookie or the guest cookie. */
export type IdentifiedVia = 'telegram' | 'session' | 'guest';

/** GET /api/me: who is asking; all null and false for an anonymous visitor. */
export interface MeAnswer {
  user: CurrentUser | null;
  isAdmin: boolean;
  via: IdentifiedVia | null;
}

/** POST /api/users/register. */
export interface RegisterAnswer {
  user: CurrentUser;
}

/** POST /api/users/activity. */
export interface ActivityAnswer {
  ok: true;
  last_active_at: string | null;
}

/** POST /api/users/admin. */
export interface AdminChangeAnswer {
  user: UserItem;
}

/** POST /api/auth/link, /api/auth/telegram-widget and /api/auth/dev-login: where the signed-in staff member goes next. */
export interface SignInAnswer {
  ok: true;
  redirect: string;
  user: CurrentUser;
}

/** POST /api/auth/sign-out-everywhere: how many staff sessions (browsers) were ended. */
export interface SignOutEverywhereAnswer {
  ok: true;
  ended: number;
}

/* The answers above as the API document describes them (server/src/http/openapi.ts). */
const integer = v.pipe(v.number(), v.integer());

const userItemEntries = {
  id: integer,
  is_admin: v.boolean(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  username: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  language: v.picklist(LANGUAGES),
  registered_at: v.nullable(v.string()),
  last_active_at: v.nullable(v.string()),
  tag: v.nullable(v.string()),
};
const userItemSchema = v.object(userItemEntries) satisfies v.GenericSchema<unknown, UserItem>;

const currentUserSchema = v.object({
  ...userItemEntries,
  telegramId: v.nullable(integer),
  photoUrl: v.nullable(v.string()),
  kind: v.picklist(['telegram', 'guest']),
}) satisfies v.GenericSchema<unknown, CurrentUser>;

export const meAnswerSchema = v.object({
  user: v.nullable(currentUserSchema),
  isAdmin: v.boolean(),
  via: v.nullable(v.picklist(['telegram', 'session', 'guest'])),
}) satisfies v.GenericSchema<unknown, MeAnswer>;

export const registerAnswerSchema = v.object({ user: currentUserSchema }) satisfies v.GenericSchema<unknown, RegisterAnswer>;

export const activityAnswerSchema = v.object({
  ok: v.literal(true),
  last_active_at: v.nullable(v.string()),
}) satisfies v.GenericSchema<unknown, ActivityAnswer>;

export const adminChangeAnswerSchema = v.object({ user: userItemSchema }) satisfies v.GenericSchema<unknown, AdminChangeAnswer>;

export const userPageSchema = v.object({
  items: v.array(
    v.object({
      ...userItemEntries,
      applicationId: v.nullable(integer),
      applicationStatus: v.nullable(v.picklist(APPLICATION_STATUSES)),
      chatUrl: v.nullable(v.string()),
    }),
  ),
  total: integer,
  page: integer,
  limit: integer,
  totalPages: integer,
}) satisfies v.GenericSchema<unknown, Paged<UserListItem>>;

export const signInAnswerSchema = v.object({
  ok: v.literal(true),
  redirect: v.string(),
  user: currentUserSchema,
}) satisfies v.GenericSchema<unknown, SignInAnswer>;

export const signOutEverywhereAnswerSchema = v.object({
  ok: v.literal(true),
  ended: integer,
}) satisfies v.GenericSchema<unknown, SignOutEverywhereAnswer>;

/** POST /api/auth/logout. */
export const loggedOutSchema = v.object({ ok: v.literal(true) });
