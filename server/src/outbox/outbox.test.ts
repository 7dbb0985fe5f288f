import { createServer, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxConsumer, OutboxEvent, OutboxKind } from '../../../domain/contracts/outbox.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { testConfig } from '../../test/app.ts';
import { createAdmin, createGuest, injectAs } from '../../test/identity.ts';
import { freePort } from '../../test/local-services.ts';
import { LocalSmtp } from '../../test/local-smtp.ts';
import { makeRetriesDue } from '../../test/outbox.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { createMigrator, migrateToLatest } from '../db/migrate.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import { enqueueOutboxEvent } from './outbox.repository.ts';
import { cappedBackoff, retryDelayMs, startOutboxWorker, type OutboxWorker } from './outbox.service.ts';

const silent = Fastify({ logger: false }).log;
const KINDS: OutboxKind[] = ['application.submitted', 'application.status_changed'];

/**
 * A consumer that records what it was given and fails while `failing` says so. With `gate`, each
 * delivery is held until the gate opens, so a test can have many in flight at once.
 */
function recordingConsumer(
  name: string,
  { failing = () => false, permanent = false, gate }: { failing?: () => boolean; permanent?: boolean; gate?: Promise<void> } = {},
) {
  const received: OutboxEvent[] = [];
  let started = 0;
  const consumer: OutboxConsumer = {
    name,
    kinds: KINDS,
    async deliver(event) {
      started += 1;
      await gate;
      if (failing()) throw new Error(`${name} is down`);
      received.push(event);
    },
    isPermanent: () => permanent,
    describeError: (error) => (error instanceof Error ? error.message : String(error)),
  };
  return { consumer, received, ids: () => received.map((event) => event.id), started: () => started };
}

const deliveriesOf = (database: TestDatabase, consumer: string) =>
  database.db.selectFrom('outbox_deliveries').selectAll().where('consumer', '=', consumer).orderBy('event_id').execute();

const submitted = (applicationId: number) => ({ applicationId, userId: 1 });

describe('outbox retry schedule', () => {
  it('waits 1 s, doubling to 10 minutes, then gives up', () => {
    const delays = Array.from({ length: 13 }, (_, i) => retryDelayMs(i + 1));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000, 512000, 600000, null, null]);
  });
});

describe('a capped retry schedule of its own', () => {
  const HOUR = 3_600_000;
  const schedule = cappedBackoff({ firstMs: 1000, maxMs: HOUR, giveUpAfterMs: 24 * HOUR });

  it('waits 1 s, doubling up to an hour, then hourly', () => {
    expect(Array.from({ length: 14 }, (_, i) => schedule(i + 1))).toEqual([
      1000,
      2000,
      4000,
      8000,
      16000,
      32000,
      64000,
      128000,
      256000,
      512000,
      1024000,
      2048000,
      HOUR,
      HOUR,
    ]);
  });

  it('gives up once the waits would pass 24 hours from the first attempt', () => {
    let attempts = 1;
    let waited = 0;
    for (let delay = schedule(attempts); delay !== null; delay = schedule(++attempts)) waited += delay;
    expect(waited).toBeLessThanOrEqual(24 * HOUR);
    expect(waited + HOUR).toBeGreaterThan(24 * HOUR);
    expect(attempts).toBe(35);
  });
});

describe.each(DATABASE_KINDS)('the outbox worker on %s', (kind) => {
  let database: TestDatabase;
  const workers: OutboxWorker[] = [];
  const worker = () => {
    const started = startOutboxWorker(database.db, silent, { tickMs: 3_600_000 });
    workers.push(started);
    return started;
  };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
    await database.db.deleteFrom('outbox_events').execute();
    await database.db.deleteFrom('outbox_subscriptions').execute();
  });
  afterAll(() => database.drop());

  it('delivers to two consumers independently: one backs off while the other delivers once', async () => {
    let crmDown = true;
    const bot = recordingConsumer('telegram');
    const crm = recordingConsumer('crm', { failing: () => crmDown });
    const outbox = worker();
    await outbox.register(bot.consumer);
    await outbox.register(crm.consumer);
    await enqueueOutboxEvent(database.db, 'application.submitted', submitted(1));

    await outbox.tick();
    expect(bot.received).toHaveLength(1);
    expect(crm.received).toHaveLength(0);
    const [waiting] = await deliveriesOf(database, 'crm');
    expect(waiting).toMatchObject({ attempts: 1, delivered_at: null, failed_at: null, last_error: 'crm is down' });

    crmDown = false;
    await outbox.tick();
    expect(crm.received).toHaveLength(0);
    await makeRetriesDue(database.db, 'crm');
    await outbox.tick();
    expect(crm.ids()).toEqual(bot.ids());
    expect(bot.received).toHaveLength(1);
    expect((await deliveriesOf(database, 'crm'))[0]).toMatchObject({ attempts: 2, failed_at: null, last_error: null });
  });

  it("gives up one consumer's delivery at a permanent refusal without touching the other's", async () => {
    const bot = recordingConsumer('telegram', { failing: () => true, permanent: true });
    const crm = recordingConsumer('crm');
    const outbox = worker();
    await outbox.register(bot.consumer);
    await outbox.register(crm.consumer);
    await enqueueOutboxEvent(database.db, 'application.submitted', submitted(2));
    await outbox.tick();
    expect((await deliveriesOf(database, 'telegram'))[0]).toMatchObject({
      attempts: 1,
      delivered_at: null,
      last_error: 'telegram is down',
    });
    expect((await deliveriesOf(database, 'telegram'))[0]!.failed_at).not.toBeNull();
    expect((await deliveriesOf(database, 'crm'))[0]!.delivered_at).not.toBeNull();
  });

  it('never delivers an event twice to one consumer, with three workers claiming at once', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const bot = recordingConsumer('telegram', { gate });
    const crm = recordingConsumer('crm', { gate });
    const three = [worker(), worker(), worker()];
    for (const outbox of three) {
      await outbox.register(bot.consumer);
      await outbox.register(crm.consumer);
    }
    for (let i = 0; i < 25; i++) await enqueueOutboxEvent(database.db, 'application.submitted', submitted(100 + i));
    const ticks = Promise.all(three.map((outbox) => outbox.tick()));
    try {
      // Each worker has claimed as many as it sends at once (4 by default) before any is delivered.
      await vi.waitFor(
        () => {
          expect(bot.started()).toBe(12);
          expect(crm.started()).toBe(12);
        },
        { timeout: 10_000, interval: 5 },
      );
    } finally {
      open();
    }
    await ticks;
    for (const consumer of [bot, crm]) {
      expect(consumer.received).toHaveLength(25);
      expect(new Set(consumer.ids()).size).toBe(25);
    }
  });

  it('owes a consumer only the events written after it registered, of the kinds it takes', async () => {
    await enqueueOutboxEvent(database.db, 'application.submitted', submitted(3));
    const lender = recordingConsumer('lender');
    const outbox = worker();
    await outbox.register({ ...lender.consumer, kinds: ['application.submitted'] });
    await enqueueOutboxEvent(database.db, 'application.status_changed', { applicationId: 3, userId: 1, from: 'in_review', to: 'approved' });
    await enqueueOutboxEvent(database.db, 'application.submitted', submitted(4));
    await outbox.tick();
    expect(lender.received.map((event) => [event.kind, 'applicationId' in event.payload && event.payload.applicationId])).toEqual([
      ['application.submitted', 4],
    ]);
  });

  it("follows a consumer's own schedule, and a wait the destination asked for", async () => {
    const waits: number[] = [];
    const lender = recordingConsumer('lender', { failing: () => true });
    const outbox = worker();
    await outbox.register({
      ...lender.consumer,
      retryDelayMs: (attempts) => (attempts < 2 ? 60_000 : null),
      retryAfterMs: () => waits.shift(),
    });
    await enqueueOutboxEvent(database.db, 'application.submitted', submitted(6));
    const nextAttemptIn = async () => {
      const [row] = await deliveriesOf(database, 'lender');
      return row!.next_attempt_at.getTime() - Date.now();
    };

    await outbox.tick();
    expect(await nextAttemptIn()).toBeGreaterThan(50_000);
    expect(await nextAttemptIn()).toBeLessThanOrEqual(60_000);

    await database.db.updateTable('outbox_deliveries').set({ next_attempt_at: new Date(), attempts: 0 }).execute();
    waits.push(5_000);
    await outbox.tick();
    expect(await nextAttemptIn()).toBeLessThanOrEqual(5_000);

    await database.db.updateTable('outbox_deliveries').set({ next_attempt_at: new Date() }).execute();
    waits.push(5_000);
    await outbox.tick();
    expect((await deliveriesOf(database, 'lender'))[0]).toMatchObject({ attempts: 2, last_error: 'lender is down' });
    expect((await deliveriesOf(database, 'lender'))[0]!.failed_at).not.toBeNull();
  });

  it('leaves the deliveries of a consumer this process does not run to the process that does', async () => {
    const elsewhere = worker();
    await elsewhere.register(recordingConsumer('crm').consumer);
    const here = worker();
    const bot = recordingConsumer('telegram');
    await here.register(bot.consumer);
    await enqueueOutboxEvent(database.db, 'application.submitted', submitted(5));
    await here.tick();
    expect(bot.received).toHaveLength(1);
    expect((await deliveriesOf(database, 'crm'))[0]).toMatchObject({ attempts: 0, delivered_at: null });
  });
});

describe.each(DATABASE_KINDS)('the outbox with the bot off, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db
      .insertInto('cars')
      .values({ brand: 'Ford', model: 'Escape', year: 2020, price: 20000, mileage: 100, condition: 'used' })
      .execute();
  });
  afterAll(() => database.drop());

  it('still delivers a submission to the consumers that exist', async () => {
    const runtime = await createRuntime(testConfig({ BOT_MODE: 'off' }), {
      db: database.db,
      logger: false,
      webDist: join(tmpdir(), 'no-web-build'),
      outbox: { tickMs: 3_600_000 },
    });
    try {
      expect(runtime.bot).toBeUndefined();
      const crm = recordingConsumer('crm');
      await runtime.outbox.register(crm.consumer);
      const [car] = await database.db.selectFrom('cars').select('uuid').limit(1).execute();
      const guest = await createGuest(runtime.app, car!.uuid);
      const application = await submitTestApplication(runtime.app, { cookie: guest.cookie }, guest.userId);
      await runtime.outbox.tick();
      expect(crm.received).toMatchObject([
        { kind: 'application.submitted', payload: { applicationId: application.id, userId: guest.userId } },
      ]);
      expect(await database.db.selectFrom('outbox_deliveries').select('consumer').execute()).toEqual([{ consumer: 'crm' }]);
    } finally {
      await runtime.close();
    }
  });
});

/** A lender on 127.0.0.1 that reads each request and never answers it: the requests stay open until the caller gives up. */
async function silentLender() {
  const held: IncomingMessage[] = [];
  const server = createServer((request) => {
    request.resume();
    held.push(request);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/applications`,
    /** Requests whose caller is still waiting for an answer. */
    pending: () => held.filter((request) => !request.socket.destroyed),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe.each(DATABASE_KINDS)('the outbox with a lender that never answers, on %s', (kind) => {
  const ADMIN = { id: 8_500_001, first_name: 'Ada' };
  let database: TestDatabase;
  let smtp: LocalSmtp;
  let lender: Awaited<ReturnType<typeof silentLender>>;
  let runtime: Runtime;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db
      .insertInto('cars')
      .values({ brand: 'Ford', model: 'Escape', year: 2020, price: 20000, mileage: 100, condition: 'used' })
      .execute();
    await createAdmin(database.db, ADMIN.id);
    smtp = await LocalSmtp.start();
    lender = await silentLender();
    const config = testConfig({
      PUBLIC_URL: 'http://127.0.0.1:3999',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'credit@dealer.example',
      LENDER_WEBHOOK_URL: lender.url,
      LENDER_WEBHOOK_SECRET: 'lender-test-secret-that-is-long-enough-0123',
    });
    // The lender's timeout outlasts the test: only the shutdown ends its request.
    runtime = await createRuntime(config, {
      db: database.db,
      logger: false,
      webDist: join(tmpdir(), 'no-web-build'),
      outbox: { tickMs: 50 },
      lenderTimeoutMs: 600_000,
    });
  });
  afterAll(async () => {
    await runtime?.close();
    await lender?.stop();
    await smtp?.stop();
    await database?.drop();
  });

  it("emails the applicant their new status while the lender still holds the submission's request, and shuts down with it in flight", async () => {
    const [car] = await database.db.selectFrom('cars').select('uuid').limit(1).execute();
    const guest = await createGuest(runtime.app, car!.uuid);
    const application = await submitTestApplication(runtime.app, { cookie: guest.cookie }, guest.userId);
    await vi.waitFor(() => expect(lender.pending()).toHaveLength(1), { timeout: 10_000, interval: 20 });

    await database.db.updateTable('applications').set({ email: 'waiting@applicant.example' }).where('id', '=', application.id).execute();
    const approved = await injectAs(runtime.app, ADMIN, {
      method: 'PATCH',
      url: `/api/applications/${application.id}/status`,
      payload: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.to('waiting@applicant.example')).toHaveLength(1), { timeout: 10_000, interval: 20 });
    expect(lender.pending()).toHaveLength(1);

    await runtime.close();
    const [handOff] = await database.db
      .selectFrom('outbox_deliveries')
      .select(['attempts', 'delivered_at', 'failed_at'])
      .where('consumer', '=', 'lender')
      .orderBy('event_id')
      .execute();
    expect(handOff).toEqual({ attempts: 1, delivered_at: null, failed_at: null });
  });
});

describe.each(DATABASE_KINDS)('upgrading a database whose outbox belonged to the bot, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const back = await createMigrator(database.db).migrateTo('0012_no_previous_employment');
    if (back.error) throw new Error('could not go back to the schema before the upgrade', { cause: back.error });
    // Events as the bot left them: one delivered, one given up, one waiting for its third attempt.
    await sql`
      insert into outbox_events (kind, payload, delivered_at, failed_at, attempts, next_attempt_at, last_error) values
        ('application.submitted', '{"applicationId": 1, "userId": 1}', now(), null, 1, now(), null),
        ('application.status_changed', '{"applicationId": 1, "userId": 1, "from": "in_review", "to": "approved"}', null, now(), 1, now(), 'Forbidden: bot was blocked by the user'),
        ('application.submitted', '{"applicationId": 2, "userId": 2}', null, null, 2, now() - interval '1 second', 'Bad Gateway')`.execute(
      database.db,
    );
    await migrateToLatest(database.db);
  });
  afterAll(() => database.drop());

  it('delivers the waiting event once after the upgrade, and neither the delivered nor the given-up one again', async () => {
    const outbox = startOutboxWorker(database.db, silent, { tickMs: 3_600_000 });
    try {
      const bot = recordingConsumer('telegram');
      await outbox.register(bot.consumer);
      await outbox.tick();
      await outbox.tick();
      expect(bot.received).toMatchObject([{ kind: 'application.submitted', payload: { applicationId: 2, userId: 2 }, attempts: 3 }]);
      const rows = await deliveriesOf(database, 'telegram');
      expect(rows.map((row) => [row.delivered_at !== null, row.failed_at !== null])).toEqual([
        [true, false],
        [false, true],
        [true, false],
      ]);
    } finally {
      await outbox.close();
    }
  });

  it('owes the bot the events written after the upgrade, before the bot has started again', async () => {
    await enqueueOutboxEvent(database.db, 'application.submitted', submitted(3));
    const rows = await deliveriesOf(database, 'telegram');
    expect(rows).toHaveLength(4);
    expect(rows.at(-1)).toMatchObject({ attempts: 0, delivered_at: null, failed_at: null });
  });
});
