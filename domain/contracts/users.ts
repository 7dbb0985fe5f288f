import type { ApplicationStatus, Language } from '../enums.ts';

/** A user as the dashboard lists it (docs/product.md#users-list), with last_active_at and tag. */
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
