import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../test/app.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../test/database.ts';
import { createTelegramUser } from '../../test/identity.ts';
import { recordingStream } from '../../test/log-lines.ts';
import type { Db } from '../db/database.ts';
import { createRuntime } from '../runtime.ts';
import { expireIdleGuestsAndDrafts, startExpiryJob } from './expiry.service.ts';

const DAYS = { guestDays: 30, draftDays: 30 };

async function addGuest(db: Db, lastSeenDaysAgo: number): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      kind: 'guest',
      created_at: sql`now() - make_interval(days => ${lastSeenDaysAgo + 1})`,
      last_seen_at: sql`now() - make_interval(days => ${lastSeenDaysAgo})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addDraft(db: Db, userId: number, savedDaysAgo: number) {
  await db
    .insertInto('application_drafts')
    .values({ user_id: userId, payload_encrypted: 'v1.sealed', updated_at: sql`now() - make_interval(days => ${savedDaysAgo})` })
    .execute();
}

async function addApplication(db: Db, userId: number) {
  const address = JSON.stringify({ line1: '1 Main St', line2: null, city: 'Dallas', state: 'TX', postalCode: '75201' });
  const employment = JSON.stringify({ employerName: 'Acme', occupation: null, workPhone: null, status: 'Employed', employerAddress: null });
  await db
    .insertInto('applications')
    .values({
      user_id: userId,
      first_name: 'Gia',
      last_name: 'Guest',
      email: 'gia@example.com',
      phone: '+12145550100',
      marital_status: 'Unmarried',
      housing_status: 'Rent',
      months_at_current_address: 30,
      address,
      income: 5000,
      current_employment: employment,
      dealer: '{}',
    })
    .execute();
}

const exists = async (db: Db, userId: number) =>
  (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
const hasDraft = async (db: Db, userId: number) =>
  (await db.selectFrom('application_drafts').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;

describe.each(DATABASE_KINDS)('expiry of idle guests and abandoned drafts on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  let car: string;

  beforeAll(async () => {
    car = (await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
  });

  it('deletes a guest unseen for GUEST_RETENTION_DAYS that holds nothing of value, with its car views', async () => {
    const idle = await addGuest(t.db, 31);
    await t.db.insertInto('car_views').values({ user_id: idle, car_uuid: car }).execute();
    const run = await expireIdleGuestsAndDrafts(t.db, DAYS);
    expect(run.guests).toBeGreaterThanOrEqual(1);
    expect(await exists(t.db, idle)).toBe(false);
    expect(await t.db.selectFrom('car_views').select('id').where('user_id', '=', idle).execute()).toEqual([]);
  });

  it('keeps a guest seen within the retention', async () => {
    const recent = await addGuest(t.db, 29);
    await expireIdleGuestsAndDrafts(t.db, DAYS);
    expect(await exists(t.db, recent)).toBe(true);
  });

  it.each([
    ['a favourite', (db: Db, id: number) => db.insertInto('favorites').values({ user_id: id, car_uuid: car }).execute()],
    ['a draft', (db: Db, id: number) => addDraft(db, id, 1)],
    ['an application', addApplication],
    [
      'audit history',
      (db: Db, id: number) => db.insertInto('audit_events').values({ actor_user_id: id, action: 'test.kept', entity: 'user' }).execute(),
    ],
  ])('keeps an idle guest that holds %s', async (_what, give) => {
    const holder = await addGuest(t.db, 400);
    await give(t.db, holder);
    await expireIdleGuestsAndDrafts(t.db, DAYS);
    expect(await exists(t.db, holder)).toBe(true);
  });

  it("deletes a draft nobody saved for DRAFT_RETENTION_DAYS, a Telegram user's too, and keeps a recent one", async () => {
    const telegram = await createTelegramUser(t.db, 4701);
    const guest = await addGuest(t.db, 1);
    await addDraft(t.db, telegram.id, 31);
    await addDraft(t.db, guest, 29);
    const run = await expireIdleGuestsAndDrafts(t.db, DAYS);
    expect(run.drafts).toBeGreaterThanOrEqual(1);
    expect(await hasDraft(t.db, telegram.id)).toBe(false);
    expect(await hasDraft(t.db, guest)).toBe(true);
    expect(await exists(t.db, telegram.id)).toBe(true);
  });

  it('lets a guest whose only draft was abandoned go in the same run', async () => {
    const guest = await addGuest(t.db, 45);
    await addDraft(t.db, guest, 45);
    await expireIdleGuestsAndDrafts(t.db, DAYS);
    expect(await exists(t.db, guest)).toBe(false);
  });

  it('works through a backlog bigger than one batch in short transactions', async () => {
    await sql`
      insert into users (kind, created_at, last_seen_at)
      select 'guest', now() - interval '90 days', now() - interval '60 days' from generate_series(1, 700)`.execute(t.db);
    const run = await expireIdleGuestsAndDrafts(t.db, DAYS);
    expect(run.guests).toBe(700);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::integer as n from users where kind = 'guest' and last_seen_at < now() - interval '30 days'
      and not exists (select 1 from favorites f where f.user_id = users.id) and not exists (select 1 from application_drafts d where d.user_id = users.id)
      and not exists (select 1 from applications a where a.user_id = users.id) and not exists (select 1 from audit_events e where e.actor_user_id = users.id)`.execute(
      t.db,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('does the work once when two instances run at the same moment', async () => {
    const idle = await Promise.all(Array.from({ length: 20 }, () => addGuest(t.db, 50)));
    const [first, second] = await Promise.all([expireIdleGuestsAndDrafts(t.db, DAYS), expireIdleGuestsAndDrafts(t.db, DAYS)]);
    expect(first.guests + second.guests).toBe(20);
    for (const id of idle) expect(await exists(t.db, id)).toBe(false);
  });
});

// PGlite is one session in one process (the embedded database's lock lets one server open it), so only PostgreSQL has another instance to wait for.
describe.each(DATABASE_KINDS.filter((kind) => kind === 'postgres'))('the expiry lock across instances on %s', (kind) => {
  const t = useTestApp(kind);

  it('removes nothing while another instance holds the lock, and says so', async () => {
    const idle = await addGuest(t.db, 60);
    const whileHeld = await t.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(72002, 1)`.execute(trx);
      return expireIdleGuestsAndDrafts(t.db, DAYS);
    });
    expect(whileHeld).toEqual({ guests: 0, drafts: 0, tradeIns: 0, lockedOut: true });
    expect(await exists(t.db, idle)).toBe(true);
    expect((await expireIdleGuestsAndDrafts(t.db, DAYS)).guests).toBe(1);
  });
});

describe.each(DATABASE_KINDS)('the expiry job in the runtime on %s', (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it('runs shortly after start, logs how many it removed, and stops on close', async () => {
    const idle = await addGuest(database.db, 31);
    const { stream, lines } = recordingStream();
    const runtime = await createRuntime(testConfig({ LOG_LEVEL: 'info' }), {
      db: database.db,
      logger: { level: 'info', stream },
      expiry: { firstRunMs: 10, everyMs: 3_600_000 },
    });
    await expect.poll(() => exists(database.db, idle), { timeout: 20_000 }).toBe(false);
    await expect
      .poll(() => lines.find((line) => line.includes('expired idle guests and abandoned drafts')), { timeout: 5_000 })
      .toBeDefined();
    expect(JSON.parse(lines.find((line) => line.includes('expired idle guests'))!)).toMatchObject({
      component: 'expiry',
      expiredGuests: 1,
      expiredDrafts: 0,
    });
    await runtime.close();
  });

  it('logs a failed run and keeps the process going', async () => {
    // A database the job cannot work on: a statement fails, as it would on a real outage.
    const broken = await createTestDatabase(kind);
    await sql`drop table application_drafts`.execute(broken.db);
    const { stream, lines } = recordingStream();
    const server = Fastify({ logger: { level: 'info', stream } });
    const job = startExpiryJob(broken.db, DAYS, server.log, { firstRunMs: 0, everyMs: 3_600_000 });
    await expect
      .poll(() => lines.find((line) => line.includes('"level":50')), { timeout: 20_000 })
      .toContain('expiring idle guests and abandoned drafts failed');
    await job.close();
    await server.close();
    await broken.drop();
  });
});
