import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createGuest, createTelegramUser, injectAs, tmaHeaders } from '../../test/identity.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import type { ActivityAnswer, AdminChangeAnswer, RegisterAnswer, UserListItem } from '../../../domain/contracts/users.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { upsertTelegramUser } from './users.repository.ts';
import type { MetricsAnswer } from '../../../domain/contracts/metrics.ts';

describe.each(DATABASE_KINDS)('registering Telegram users on %s', (kind) => {
  const t = useTestApp(kind);
  const register = (user: Parameters<typeof tmaHeaders>[0]) =>
    t.app.inject({ method: 'POST', url: '/api/users/register', headers: tmaHeaders(user), payload: {} });

  it('saves the Telegram profile and stamps registered_at', async () => {
    const res = await register({
      id: 3001,
      first_name: 'Ann',
      last_name: 'Lee',
      username: 'ann',
      photo_url: 'https://t.me/i/userpic/ann.jpg',
      language_code: 'es',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RegisterAnswer>().user).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      username: 'ann',
      language: 'es',
      photoUrl: 'https://t.me/i/userpic/ann.jpg',
    });
    expect(res.json<RegisterAnswer>().user.registered_at).toEqual(expect.any(String));
  });

  it('keeps the first registered_at when the user registers again, and takes the new profile', async () => {
    const first = (await register({ id: 3002, first_name: 'Bo' })).json<RegisterAnswer>().user;
    const second = (await register({ id: 3002, first_name: 'Bob' })).json<RegisterAnswer>().user;
    expect(second).toMatchObject({ id: first.id, first_name: 'Bob', registered_at: first.registered_at });
  });

  it.each([
    ['en-US', 'en', 3101],
    ['uk', 'uk', 3102],
    ['ru', 'ru', 3103],
    ['es-419', 'es', 3104],
    ['de', 'en', 3105],
    [undefined, 'en', 3106],
  ])('turns the Telegram language code %s into %s', async (code, language, id) => {
    const res = await register({ id, ...(code ? { language_code: code } : {}) });
    expect(res.json<RegisterAnswer>().user.language).toBe(language);
  });

  it('names a user known only by id (ADMIN_TELEGRAM_IDS) from the first verified profile, and keeps a name it has', async () => {
    await createTelegramUser(t.db, 3201, { is_admin: true, first_name: null });
    await createTelegramUser(t.db, 3202, { first_name: 'Kept' });
    const profile = (id: number) => ({ id, firstName: 'Ada', lastName: 'Staff', username: 'ada', photoUrl: null, languageCode: 'en' });
    expect(await upsertTelegramUser(t.db, profile(3201))).toMatchObject({
      first_name: 'Ada',
      last_name: 'Staff',
      username: 'ada',
      is_admin: true,
    });
    expect(await upsertTelegramUser(t.db, profile(3202))).toMatchObject({ first_name: 'Kept', last_name: 'Staff', username: 'ada' });
  });

  it('needs Telegram init data to register', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('stamps last_active_at on activity, as often as it is called', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/users/activity', headers: tmaHeaders({ id: 3003 }) });
    const second = await t.app.inject({ method: 'POST', url: '/api/users/activity', headers: tmaHeaders({ id: 3003 }) });
    expect(first.statusCode).toBe(200);
    expect(second.json<ActivityAnswer>().last_active_at! >= first.json<ActivityAnswer>().last_active_at!).toBe(true);
    const row = await t.db.selectFrom('users').select('last_active_at').where('telegram_id', '=', 3003).executeTakeFirstOrThrow();
    expect(row.last_active_at?.toISOString()).toBe(second.json<ActivityAnswer>().last_active_at);
  });

  it('needs a signed-in user to record activity', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users/activity' })).statusCode).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('the users list for staff on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  const ADMIN = { id: 4000 };
  const list = async (query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/users${qs ? `?${qs}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Paged<UserListItem>>();
  };

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await createTelegramUser(t.db, 4001, {
      first_name: 'Alice',
      last_name: 'Smith',
      username: 'alice_s',
      email: 'alice@example.com',
      phone: '+12145550101',
      language: 'en',
      registered_at: day(1),
      last_active_at: day(20),
    });
    await createTelegramUser(t.db, 4002, {
      first_name: 'bob',
      last_name: 'Stone',
      username: 'bobby',
      email: 'bob@example.com',
      phone: '+12145550102',
      language: 'uk',
      registered_at: day(2),
      tag: 'vip',
    });
    await createTelegramUser(t.db, 4003, {
      first_name: 'Carmen',
      last_name: 'Diaz',
      username: '100%_real',
      email: null,
      language: 'es',
      registered_at: day(3),
      last_active_at: day(10),
    });
    await createTelegramUser(t.db, 4004, { first_name: 'Dmytro', last_name: null, username: null, language: 'uk', registered_at: null });
    for (let i = 0; i < 11; i++) await createTelegramUser(t.db, 4100 + i, { first_name: `Filler${i}`, registered_at: day(5 + i) });
    const car = await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow();
    await createGuest(t.app, car.uuid);
  });

  it('answers page 1 of 10 users, newest registration first, by default', async () => {
    const body = await list();
    expect(body).toMatchObject({ page: 1, limit: 10, total: 16, totalPages: 2 });
    expect(body.items).toHaveLength(10);
    const dates = body.items.map((u) => u.registered_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('carries the original user fields plus last_active_at and tag', async () => {
    const [user] = (await list({ username: 'bobby' })).items;
    expect(Object.keys(user!).sort()).toEqual(
      [
        'id',
        'is_admin',
        'first_name',
        'last_name',
        'username',
        'email',
        'phone',
        'language',
        'registered_at',
        'last_active_at',
        'tag',
        'applicationId',
        'applicationStatus',
        'chatUrl',
      ].sort(),
    );
    expect(user).toMatchObject({
      first_name: 'bob',
      tag: 'vip',
      language: 'uk',
      is_admin: false,
      applicationId: null,
      applicationStatus: null,
    });
  });

  it('does not list web guests who have not applied', async () => {
    const guests = await t.db.selectFrom('users').select('id').where('kind', '=', 'guest').execute();
    const ids = (await list({ limit: 100 })).items.map((u) => u.id);
    expect(guests.length).toBeGreaterThan(0);
    expect(ids.some((id) => guests.some((g) => g.id === id))).toBe(false);
  });

  it('puts users who never registered last, whichever the order', async () => {
    const desc = (await list({ limit: 100 })).items;
    const asc = (await list({ limit: 100, sortOrder: 'asc' })).items;
    expect(desc.at(-1)?.registered_at).toBeNull();
    expect(asc.at(-1)?.registered_at).toBeNull();
  });

  it.each([
    ['first_name', 'ALI', ['Alice']],
    ['last_name', 'st', ['bob']],
    ['username', 'bob', ['bob']],
    ['email', '@EXAMPLE', ['Alice', 'bob']],
  ])('filters %s by case-insensitive substring', async (field, text, names) => {
    const body = await list({ [field]: text });
    expect(body.items.map((u) => u.first_name).sort()).toEqual(names);
  });

  it.each(['(214) 555-0102', '214-555-0102', '+1 214 555 0102'])('finds a phone number written as %j', async (phone) => {
    expect((await list({ phone })).items.map((u) => u.first_name)).toEqual(['bob']);
  });

  it('finds phone numbers by a part written with a dash', async () => {
    expect((await list({ phone: '555-010' })).items.map((u) => u.first_name)).toEqual(expect.arrayContaining(['Alice', 'bob']));
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await list({ username: '100%_' })).items.map((u) => u.first_name)).toEqual(['Carmen']);
    expect((await list({ username: '%' })).items.map((u) => u.first_name)).toEqual(['Carmen']);
  });

  it('filters by language', async () => {
    const body = await list({ language: 'uk' });
    expect(body.items.map((u) => u.first_name).sort()).toEqual(['Dmytro', 'bob']);
  });

  it('filters by admin flag', async () => {
    expect((await list({ is_admin: 'true' })).items.map((u) => u.id)).toHaveLength(1);
    expect((await list({ is_admin: 'false' })).total).toBe(15);
  });

  it('ignores filters sent empty', async () => {
    expect((await list({ first_name: '', language: '' })).total).toBe(16);
  });

  it('sorts by first name without regard to case', async () => {
    const names = (await list({ sortBy: 'first_name', sortOrder: 'asc', first_name: 'o' })).items.map((u) => u.first_name);
    expect(names).toEqual(['bob', 'Dmytro']);
  });

  it('sorts by last activity, most recent first, with never-active users last', async () => {
    const names = (await list({ sortBy: 'last_active_at', limit: 3 })).items.map((u) => u.first_name);
    expect(names.slice(0, 2)).toEqual(['Alice', 'Carmen']);
  });

  it.each(['registered_at', 'last_active_at', 'first_name', 'last_name', 'username', 'email'])(
    'pages through every user exactly once when sorted by %s',
    async (sortBy) => {
      const seen: number[] = [];
      for (let page = 1; page <= 6; page++) seen.push(...(await list({ sortBy, limit: 3, page })).items.map((u) => u.id));
      expect(seen).toHaveLength(16);
      expect(new Set(seen).size).toBe(16);
    },
  );

  it.each([
    ['page', '0'],
    ['page', 'two'],
    ['limit', '101'],
    ['limit', '-1'],
    ['language', 'de'],
    ['is_admin', 'yes'],
    ['sortBy', 'password'],
    ['sortOrder', 'sideways'],
    ['first_name', 'x'.repeat(101)],
  ])('answers 400 naming %s when it is %s', async (param, value) => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/users?${param}=${encodeURIComponent(value)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toHaveProperty(param);
  });

  it('answers 400 when a parameter is repeated', async () => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/users?page=1&page=2' });
    expect(res.statusCode).toBe(400);
  });
});

describe.each(DATABASE_KINDS)('applicants in the users list on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  const ADMIN = { id: 4500 };
  const list = async (query = '') => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/users?limit=100${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Paged<UserListItem>>().items;
  };
  let applicant: { userId: number; applicationId: number };
  let guest: { userId: number; applicationId: number };

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    const who = { id: 4501 };
    const userId = (await createTelegramUser(t.db, who.id, { first_name: 'Applying' })).id;
    applicant = { userId, applicationId: (await submitTestApplication(t.app, who, userId)).id };
    await injectAs(t.app, ADMIN, {
      method: 'PATCH',
      url: `/api/applications/${applicant.applicationId}/status`,
      payload: { status: 'approved' },
    });
    const car = await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow();
    const web = await createGuest(t.app, car.uuid);
    guest = { userId: web.userId, applicationId: (await submitTestApplication(t.app, { cookie: web.cookie }, web.userId)).id };
    await createGuest(t.app, car.uuid);
  });

  it("shows each user's application id and status", async () => {
    const row = (await list()).find((user) => user.id === applicant.userId);
    expect(row).toMatchObject({ applicationId: applicant.applicationId, applicationStatus: 'approved' });
  });

  it('lists a web guest who applied, under the name on the application', async () => {
    const row = (await list()).find((user) => user.id === guest.userId);
    expect(row).toMatchObject({
      first_name: 'Mary',
      last_name: 'Major',
      email: 'mary.major@example.com',
      applicationId: guest.applicationId,
      applicationStatus: 'in_review',
    });
    expect(row?.registered_at).not.toBeNull();
  });

  it.each([
    ['approved', () => [applicant.userId]],
    ['in_review', () => [guest.userId]],
    ['rejected', () => []],
  ] as const)('filters by application status %s', async (status, expected) => {
    expect((await list(`&applicationStatus=${status}`)).map((user) => user.id)).toEqual(expected());
  });

  it('refuses an application status outside the three (400)', async () => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/users?applicationStatus=pending' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({
      applicationStatus: 'applicationStatus must be in_review, approved, rejected or withdrawn',
    });
  });
});

describe.each(DATABASE_KINDS)('Regulation B overdue applicants in the users list on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  const ADMIN = { id: 4700 };
  const list = async (query: string) => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/users?limit=100&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Paged<UserListItem>>();
  };
  const ids: Record<'overdue' | 'overdueDecided' | 'recent' | 'noApplication', number> = {
    overdue: 0,
    overdueDecided: 0,
    recent: 0,
    noApplication: 0,
  };

  /** An application submitted `daysAgo` days ago, in `status`. */
  async function applicant(telegramId: number, daysAgo: number, status: 'in_review' | 'approved') {
    const userId = (await createTelegramUser(t.db, telegramId, { first_name: `Applicant${telegramId}` })).id;
    const { id } = await submitTestApplication(t.app, { id: telegramId }, userId);
    await t.db
      .updateTable('applications')
      .set({ submitted_at: new Date(Date.now() - daysAgo * 86_400_000), status })
      .where('id', '=', id)
      .execute();
    return userId;
  }

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    ids.overdue = await applicant(4701, 31, 'in_review');
    ids.overdueDecided = await applicant(4702, 40, 'approved');
    ids.recent = await applicant(4703, 29, 'in_review');
    ids.noApplication = (await createTelegramUser(t.db, 4704)).id;
  });

  it('lists only applicants still in review more than 30 days after submitting', async () => {
    const body = await list('regBOverdue=true');
    expect(body.items.map((user) => user.id)).toEqual([ids.overdue]);
    expect(body.total).toBe(1);
  });

  it('lists everyone else when asked for those not overdue', async () => {
    const listed = (await list('regBOverdue=false')).items.map((user) => user.id);
    expect(listed).toEqual(expect.arrayContaining([ids.overdueDecided, ids.recent, ids.noApplication]));
    expect(listed).not.toContain(ids.overdue);
  });

  it('counts the same overdue applicants as the metrics page', async () => {
    const metrics = (await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/metrics' })).json<MetricsAnswer>();
    expect((await list('regBOverdue=true')).total).toBe(metrics.regB.overdue);
  });

  it('refuses a regBOverdue that is not true or false (400)', async () => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/users?regBOverdue=maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toHaveProperty('regBOverdue');
  });
});

const STAFF_CHAT_ID = '-1001234567890';

describe.each(DATABASE_KINDS)('Chat links in the users list on %s', (kind) => {
  const t = useTestApp(kind, { env: { STAFF_CHAT_ID } });
  const ADMIN = { id: 4800 };
  const chatUrlOf = async (userId: number) => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/users?limit=100' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Paged<UserListItem>>().items.find((user) => user.id === userId)?.chatUrl;
  };
  const openTopic = (userId: number, staffChatId: number, messageThreadId: number) =>
    t.db.insertInto('bot_threads').values({ user_id: userId, staff_chat_id: staffChatId, message_thread_id: messageThreadId }).execute();

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
  });

  it("links to the applicant's topic in the staff group when the bot opened one", async () => {
    const user = await createTelegramUser(t.db, 4801, { username: 'topic_user' });
    await openTopic(user.id, Number(STAFF_CHAT_ID), 77);
    expect(await chatUrlOf(user.id)).toBe('https://t.me/c/1234567890/77');
  });

  it('links to the username when there is no topic', async () => {
    const user = await createTelegramUser(t.db, 4802, { username: 'plain_user' });
    expect(await chatUrlOf(user.id)).toBe('https://t.me/plain_user');
  });

  it("ignores a topic in another group than today's staff group", async () => {
    const user = await createTelegramUser(t.db, 4803, { username: 'moved_user' });
    await openTopic(user.id, -1009999999999, 5);
    expect(await chatUrlOf(user.id)).toBe('https://t.me/moved_user');
  });

  it('has no link for a user with neither a topic nor a username', async () => {
    const user = await createTelegramUser(t.db, 4804, { username: null });
    expect(await chatUrlOf(user.id)).toBeNull();
  });
});

describe.each(DATABASE_KINDS)('Chat links without a staff group on %s', (kind) => {
  const t = useTestApp(kind);
  const ADMIN = { id: 4900 };

  it('falls back to the username even when a topic row exists', async () => {
    await createAdmin(t.db, ADMIN.id);
    const user = await createTelegramUser(t.db, 4901, { username: 'no_group_user' });
    await t.db
      .insertInto('bot_threads')
      .values({ user_id: user.id, staff_chat_id: Number(STAFF_CHAT_ID), message_thread_id: 3 })
      .execute();
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/users?username=no_group_user' });
    expect(res.json<Paged<UserListItem>>().items.map((item) => item.chatUrl)).toEqual(['https://t.me/no_group_user']);
  });
});

describe.each(DATABASE_KINDS)('granting and revoking admin rights on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  const ROOT = { id: 8000 };
  const change = (payload: unknown, who: { id: number } = ROOT) =>
    injectAs(t.app, who, { method: 'POST', url: '/api/users/admin', payload: payload as object });

  beforeAll(async () => {
    await createAdmin(t.db, ROOT.id);
  });

  it('grants admin to a user and audits who did it', async () => {
    const user = await createTelegramUser(t.db, 8001);
    const res = await change({ userId: user.id, isAdmin: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminChangeAnswer>().user).toMatchObject({ id: user.id, is_admin: true });
    const root = await t.db.selectFrom('users').select('id').where('telegram_id', '=', ROOT.id).executeTakeFirstOrThrow();
    const event = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.admin_granted')
      .where('entity_id', '=', String(user.id))
      .executeTakeFirst();
    expect(event).toMatchObject({ actor_user_id: root.id, entity: 'user' });
  });

  it('revokes admin from a user and audits it', async () => {
    const user = await createAdmin(t.db, 8002);
    const res = await change({ userId: user.id, isAdmin: false });
    expect(res.json<AdminChangeAnswer>().user.is_admin).toBe(false);
    const event = await t.db.selectFrom('audit_events').select('action').where('entity_id', '=', String(user.id)).executeTakeFirst();
    expect(event?.action).toBe('user.admin_revoked');
  });

  it('answers 404 for an unknown user', async () => {
    expect((await change({ userId: 999999, isAdmin: true })).statusCode).toBe(404);
  });

  it('answers 409 when asked to make a web guest an admin', async () => {
    const car = await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow();
    const guest = await createGuest(t.app, car.uuid);
    expect((await change({ userId: guest.userId, isAdmin: true })).statusCode).toBe(409);
  });

  it('answers 409 when the last admin tries to revoke themself', async () => {
    await t.db.updateTable('users').set({ is_admin: false }).where('telegram_id', '!=', ROOT.id).execute();
    const root = await t.db.selectFrom('users').select('id').where('telegram_id', '=', ROOT.id).executeTakeFirstOrThrow();
    const res = await change({ userId: root.id, isAdmin: false });
    expect(res.statusCode).toBe(409);
    const still = await t.db.selectFrom('users').select('is_admin').where('id', '=', root.id).executeTakeFirstOrThrow();
    expect(still.is_admin).toBe(true);
  });

  it('lets an admin revoke themself while another admin remains', async () => {
    const other = await createAdmin(t.db, 8003);
    const res = await change({ userId: other.id, isAdmin: false }, { id: 8003 });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['no userId', { isAdmin: true }],
    ['a userId that is not a number', { userId: 'abc', isAdmin: true }],
    ['isAdmin as text', { userId: 1, isAdmin: 'yes' }],
    ['a userId beyond any database id', { userId: 2 ** 40, isAdmin: true }],
    ['a fractional userId', { userId: 1.5, isAdmin: true }],
  ])('answers 400 for a body with %s', async (_name, payload) => {
    expect((await change(payload)).statusCode).toBe(400);
  });
});
