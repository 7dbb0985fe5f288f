import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import type { UserListItem } from '../../../domain/contracts/users.ts';
import {
  createAdmin,
  createGuest,
  createTelegramUser,
  injectAs,
  sessionCookie,
  tmaHeaders,
  type TestTelegramUser,
} from '../../test/identity.ts';
import { isAdminAccess, type Access } from '../http/access.ts';

const ADMIN: TestTelegramUser = { id: 9001, first_name: 'Ada' };
const CUSTOMER: TestTelegramUser = { id: 9002, first_name: 'Carl' };

type Caller = 'anonymous' | 'guest' | 'Telegram user' | 'admin' | 'admin over a session' | 'admin with a mismatching x-telegram-id';

/** What each caller must get from every admin-only route. */
const EXPECTED: Record<Caller, (status: number) => boolean> = {
  anonymous: (s) => s === 401,
  guest: (s) => s === 401,
  'Telegram user': (s) => s === 403,
  admin: (s) => s < 500 && s !== 401 && s !== 403,
  'admin over a session': (s) => s < 500 && s !== 401 && s !== 403,
  'admin with a mismatching x-telegram-id': (s) => s === 403,
};
const CALLERS = Object.keys(EXPECTED) as Caller[];

describe.each(DATABASE_KINDS)('admin-only routes on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 2 } });
  let identities: Record<Caller, Record<string, string>>;

  beforeAll(async () => {
    const admin = await createAdmin(t.db, ADMIN.id);
    const car = await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow();
    const guest = await createGuest(t.app, car.uuid);
    identities = {
      anonymous: {},
      guest: { cookie: guest.cookie },
      'Telegram user': tmaHeaders(CUSTOMER),
      admin: tmaHeaders(ADMIN),
      'admin over a session': { cookie: await sessionCookie(t.app, admin.id) },
      'admin with a mismatching x-telegram-id': { ...tmaHeaders(ADMIN), 'x-telegram-id': String(CUSTOMER.id) },
    };
  });

  it('lists the known admin routes in the registry', () => {
    expect(t.app.adminRoutes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/users' },
        { method: 'POST', url: '/api/users/admin' },
        { method: 'GET', url: '/api/audit' },
        { method: 'GET', url: '/api/applications/user/:userId' },
        { method: 'POST', url: '/api/applications/:id/ssn/reveal' },
        { method: 'GET', url: '/api/applications/:id/documents/:side' },
        { method: 'PATCH', url: '/api/applications/applicant' },
        { method: 'PATCH', url: '/api/applications/:id/status' },
        { method: 'GET', url: '/api/applications/:id/history' },
        { method: 'PUT', url: '/api/applications/:id/assignee' },
        { method: 'GET', url: '/api/applications/:id/notes' },
        { method: 'POST', url: '/api/applications/:id/notes' },
        { method: 'GET', url: '/api/inventory' },
        { method: 'POST', url: '/api/inventory' },
        { method: 'GET', url: '/api/inventory/:uuid' },
        { method: 'PATCH', url: '/api/inventory/:uuid' },
        { method: 'DELETE', url: '/api/inventory/:uuid' },
        { method: 'POST', url: '/api/inventory/import' },
        { method: 'GET', url: '/api/inventory/export.csv' },
        { method: 'GET', url: '/api/inventory/feeds' },
      ]),
    );
  });

  it('answers every admin route as the access table says, for every kind of caller', async () => {
    const routes = t.app.adminRoutes;
    expect(routes.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: identities[caller],
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        if (!EXPECTED[caller](res.statusCode)) failures.push(`${route.method} ${route.url} as ${caller}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets an admin through when x-telegram-id repeats their verified id', async () => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/users', headers: { 'x-telegram-id': String(ADMIN.id) } });
    expect(res.statusCode).toBe(200);
  });

  it('never lets x-telegram-id alone grant admin rights', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: { 'x-telegram-id': String(ADMIN.id) } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a public call whose x-telegram-id names someone other than the caller', async () => {
    const res = await injectAs(t.app, CUSTOMER, { method: 'GET', url: '/api/me', headers: { 'x-telegram-id': String(ADMIN.id) } });
    expect(res.statusCode).toBe(403);
  });

  it('takes away admin rights at once from a live session when an admin is revoked', async () => {
    const other = await createAdmin(t.db, 9003);
    const cookie = await sessionCookie(t.app, other.id);
    expect((await injectAs(t.app, { cookie }, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    await t.db.updateTable('users').set({ is_admin: false }).where('id', '=', other.id).execute();
    expect((await injectAs(t.app, { cookie }, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
  });
});

type MfaCaller = 'admin over a session without a passkey check' | 'admin over a passkey-checked session' | 'admin in Telegram';

describe.each(DATABASE_KINDS)('admin routes with STAFF_MFA=required on %s', (kind) => {
  const t = useTestApp(kind, { env: { STAFF_MFA: 'required' }, seed: { cars: 2 } });
  let identities: Record<MfaCaller, Record<string, string>>;

  beforeAll(async () => {
    const admin = await createAdmin(t.db, ADMIN.id);
    identities = {
      'admin over a session without a passkey check': { cookie: await sessionCookie(t.app, admin.id) },
      'admin over a passkey-checked session': { cookie: await sessionCookie(t.app, admin.id, { passkeyVerified: true }) },
      'admin in Telegram': tmaHeaders(ADMIN),
    };
  });

  /** Personal data waits for the passkey on the web only; every other admin route opens to any admin. */
  const expected = (caller: MfaCaller, access: Access | undefined, status: number, code: string | undefined) =>
    caller === 'admin over a session without a passkey check' && isAdminAccess(access) && access.factor === 'passkey'
      ? status === 403 && code === 'mfa_required'
      : status < 500 && status !== 401 && status !== 403;
  const needingPasskey = () =>
    t.app.routeTable
      .filter(({ access }) => isAdminAccess(access) && access.factor === 'passkey')
      .map(({ method, url }) => `${method} ${url}`);

  it('names the second factor of every admin route, so none is left to a default', () => {
    const unnamed = t.app.routeTable
      .filter(({ access }) => isAdminAccess(access) && !(['passkey', 'none'] as unknown[]).includes(access.factor))
      .map(({ method, url }) => `${method} ${url}`);
    expect(t.app.adminRoutes.length).toBeGreaterThan(0);
    expect(unnamed).toEqual([]);
  });

  it('declares personal data on the route, so the route table shows which routes need the passkey', () => {
    const declared = needingPasskey();
    expect(declared).toEqual(
      expect.arrayContaining([
        'POST /api/applications/:id/ssn/reveal',
        'GET /api/applications/:id/pdf',
        'GET /api/applications/:id/history',
      ]),
    );
    expect(declared).not.toContain('GET /api/users');
  });

  it('asks for the passkey before changing who may see personal data: admin rights and passkeys', () => {
    expect(needingPasskey()).toEqual(expect.arrayContaining(['POST /api/users/admin', 'DELETE /api/auth/passkeys/:id']));
  });

  it('answers every admin route as the access table says, for sessions with and without the passkey step and for Telegram', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter(({ access }) => isAdminAccess(access))) {
      for (const caller of Object.keys(identities) as MfaCaller[]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:(\w+)/g, '1'),
          headers: identities[caller],
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const code = res.statusCode === 403 ? res.json<{ error: { code: string } }>().error.code : undefined;
        if (!expected(caller, route.access, res.statusCode, code))
          failures.push(`${route.method} ${route.url} as ${caller}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  const changeAdmin = (headers: Record<string, string>, userId: number, isAdmin: boolean) =>
    t.app.inject({ method: 'POST', url: '/api/users/admin', headers, payload: { userId, isAdmin } });
  const isAdminNow = async (userId: number) =>
    (await t.db.selectFrom('users').select('is_admin').where('id', '=', userId).executeTakeFirstOrThrow()).is_admin;
  const mfaRefusal = (res: { statusCode: number; json: <T>() => T }) => [res.statusCode, res.json<ErrorBody>().error.code];

  it('refuses a session without its passkey check to make someone an admin', async () => {
    const user = await createTelegramUser(t.db, 9101);
    const res = await changeAdmin(identities['admin over a session without a passkey check'], user.id, true);
    expect(mfaRefusal(res)).toEqual([403, 'mfa_required']);
    expect(await isAdminNow(user.id)).toBe(false);
  });

  it('refuses a session without its passkey check to revoke an admin, who stays signed in', async () => {
    const other = await createAdmin(t.db, 9102);
    const theirCookie = await sessionCookie(t.app, other.id, { passkeyVerified: true });
    const res = await changeAdmin(identities['admin over a session without a passkey check'], other.id, false);
    expect(mfaRefusal(res)).toEqual([403, 'mfa_required']);
    expect(await isAdminNow(other.id)).toBe(true);
    expect((await injectAs(t.app, { cookie: theirCookie }, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
  });

  it('lets a passkey-checked session grant and revoke admin rights', async () => {
    const user = await createTelegramUser(t.db, 9104);
    const checked = identities['admin over a passkey-checked session'];
    expect((await changeAdmin(checked, user.id, true)).statusCode).toBe(200);
    expect(await isAdminNow(user.id)).toBe(true);
    expect((await changeAdmin(checked, user.id, false)).statusCode).toBe(200);
    expect(await isAdminNow(user.id)).toBe(false);
  });

  describe('contact details in the users list', () => {
    beforeAll(async () => {
      await createTelegramUser(t.db, 9105, { last_name: 'Contactable', email: 'jane.doe@example.com', phone: '(555) 123-0147' });
    });
    const contactsAs = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users?last_name=Contactable', headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Paged<UserListItem>>().items.map(({ email, phone }) => ({ email, phone }));
    };

    it('masks emails and phone numbers for a session without its passkey check', async () => {
      expect(await contactsAs(identities['admin over a session without a passkey check'])).toEqual([
        { email: 'j•••@example.com', phone: '•••-•••-0147' },
      ]);
    });

    it('shows them in full after the passkey check, and to staff in Telegram', async () => {
      const full = [{ email: 'jane.doe@example.com', phone: '(555) 123-0147' }];
      expect(await contactsAs(identities['admin over a passkey-checked session'])).toEqual(full);
      expect(await contactsAs(identities['admin in Telegram'])).toEqual(full);
    });

    it('refuses a search by email or phone before the passkey check, which would spell them out', async () => {
      for (const search of ['email=jane', 'phone=0147']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/users?${search}`,
          headers: identities['admin over a session without a passkey check'],
        });
        expect(mfaRefusal(res), search).toEqual([403, 'mfa_required']);
      }
      const checked = await t.app.inject({
        method: 'GET',
        url: '/api/users?email=jane',
        headers: identities['admin over a passkey-checked session'],
      });
      expect(checked.json<Paged<UserListItem>>().items.map((user) => user.email)).toEqual(['jane.doe@example.com']);
    });
  });
});
