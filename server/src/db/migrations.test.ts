import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations/index.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { enqueueOutboxEvent } from '../outbox/outbox.repository.ts';
import { migrateAllDown, migrateToLatest } from './migrate.ts';

const TABLES = [
  'adverse_action_notices',
  'alert_sends',
  'alert_settings',
  'application_consents',
  'application_deals',
  'application_documents',
  'application_drafts',
  'application_notes',
  'application_status_history',
  'applications',
  'audit_events',
  'bot_album_parts',
  'bot_relayed_messages',
  'bot_stock_photo_parts',
  'bot_threads',
  'car_photo_fetches',
  'car_photos',
  'car_views',
  'car_views_per_user',
  'cars',
  'deal_offers',
  'deal_settings',
  'faqs',
  'favorites',
  'lender_callback_signatures',
  'login_tokens',
  'media_blobs',
  'outbox_deliveries',
  'outbox_events',
  'outbox_subscriptions',
  'saved_searches',
  'staff_passkeys',
  'staff_sessions',
  'trade_in_messages',
  'trade_in_offers',
  'trade_in_photos',
  'trade_ins',
  'used_widget_logins',
  'users',
  'visit_messages_sent',
  'visit_settings',
  'visits',
];

describe.each(DATABASE_KINDS)('migrations on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  const tables = async () => {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_name not like 'kysely_%' order by table_name`.execute(database.db);
    return rows.map((r) => r.name);
  };

  it('creates every table of the data model', async () => {
    expect(await tables()).toEqual(TABLES);
  });

  it('goes all the way down, leaving no table behind', async () => {
    expect(await migrateAllDown(database.db)).toEqual(Object.keys(migrations).reverse());
    expect(await tables()).toEqual([]);
  });

  it('comes back up again after going down', async () => {
    expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations));
    expect(await tables()).toEqual(TABLES);
  });

  it('has nothing left to apply when the schema is current', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('enforces car enums and ranges in the database itself', async () => {
    const car = { brand: 'Ford', model: 'Escape', year: 2020, price: 20000, mileage: 100, condition: 'used' as const };
    await expect(
      database.db
        .insertInto('cars')
        .values({ ...car, condition: 'broken' as 'new' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      database.db
        .insertInto('cars')
        .values({ ...car, price: -1 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      database.db
        .insertInto('cars')
        .values({ ...car, vin: 'IOQ12345678901234' })
        .execute(),
    ).rejects.toThrow();
  });

  it('numbers cars past S99999 without giving a stock number twice', async () => {
    await sql`select setval('cars_stock_number_seq', 99998)`.execute(database.db);
    const car = { brand: 'Ford', model: 'Escape', year: 2020, price: 20000, mileage: 100, condition: 'used' as const };
    const rows = await database.db.insertInto('cars').values([car, car, car]).returning('stock_number').execute();
    expect(rows.map((row) => row.stock_number).sort()).toEqual(['S100000', 'S100001', 'S99999']);
    await database.db.deleteFrom('cars').execute();
  });

  it('keeps the audit trail append-only', async () => {
    await database.db.insertInto('audit_events').values({ action: 'test', entity: 'none' }).execute();
    await expect(database.db.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);
  });

  it('keeps outbox events to the known kinds, owing each subscribed consumer a delivery due at once, with a partial index of those still worth trying', async () => {
    await database.db.insertInto('outbox_subscriptions').values({ consumer: 'crm', kind: 'application.submitted' }).execute();
    await enqueueOutboxEvent(database.db, 'application.submitted', { applicationId: 1, userId: 1 });
    await enqueueOutboxEvent(database.db, 'application.status_changed', { applicationId: 1, userId: 1, from: 'in_review', to: 'approved' });
    const deliveries = await database.db
      .selectFrom('outbox_deliveries')
      .innerJoin('outbox_events', 'outbox_events.id', 'outbox_deliveries.event_id')
      .select(['kind', 'consumer', 'attempts', 'delivered_at', 'failed_at', 'last_error', 'next_attempt_at', 'created_at'])
      .execute();
    expect(deliveries).toMatchObject([
      { kind: 'application.submitted', consumer: 'crm', attempts: 0, delivered_at: null, failed_at: null, last_error: null },
    ]);
    expect(deliveries[0]!.next_attempt_at.getTime()).toBe(deliveries[0]!.created_at.getTime());
    await expect(
      database.db
        .insertInto('outbox_events')
        .values({ kind: 'application.deleted' as 'application.submitted', payload: '{}' })
        .execute(),
    ).rejects.toThrow();
    const { rows } = await sql<{ definition: string }>`
      select indexdef as definition from pg_indexes where tablename = 'outbox_deliveries' and indexname = 'outbox_deliveries_due_idx'`.execute(
      database.db,
    );
    expect(rows[0]?.definition).toMatch(/\(next_attempt_at\) WHERE \(\(delivered_at IS NULL\) AND \(failed_at IS NULL\)\)/);
    await database.db.deleteFrom('outbox_events').execute();
    await database.db.deleteFrom('outbox_subscriptions').execute();
  });
});
