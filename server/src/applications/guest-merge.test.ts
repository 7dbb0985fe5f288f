import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyApplication } from '../../../domain/contracts/applications.ts';
import type { MeAnswer } from '../../../domain/contracts/users.ts';
import { useTestApp } from '../../test/app.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import type { Db } from '../db/database.ts';
import { createGuest, injectAs, tmaHeaders } from '../../test/identity.ts';
import { mergeGuestIntoUser } from './guest-merge.service.ts';

async function createApplication(db: Db, userId: number, firstName: string) {
  const address = JSON.stringify({ line1: '1 Main St', line2: null, city: 'Dallas', state: 'TX', postalCode: '75201' });
  const employment = JSON.stringify({ employerName: 'Acme', occupation: null, workPhone: null, status: 'Employed', employerAddress: null });
  return db
    .insertInto('applications')
    .values({
      user_id: userId,
      first_name: firstName,
      last_name: 'Doe',
      email: 'jane@example.com',
      phone: '+12145550100',
      marital_status: 'Unmarried',
      housing_status: 'Rent',
      months_at_current_address: 30,
      address,
      previous_address: JSON.stringify(null),
      income: 5000,
      current_employment: employment,
      previous_employment: JSON.stringify(null),
      dealer: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe.each(DATABASE_KINDS)('a web guest who later opens the app in Telegram on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 4 } });
  let cars: string[];

  beforeAll(async () => {
    cars = (await t.db.selectFrom('cars').select('uuid').orderBy('uuid').execute()).map((c) => c.uuid);
  });

  const telegramUserId = async (telegramId: number) =>
    (await t.db.selectFrom('users').select('id').where('telegram_id', '=', telegramId).executeTakeFirstOrThrow()).id;
  const favouritesOf = async (userId: number) =>
    (await t.db.selectFrom('favorites').select('car_uuid').where('user_id', '=', userId).orderBy('car_uuid').execute()).map(
      (f) => f.car_uuid,
    );

  it('keeps the favourites made as a guest', async () => {
    const guest = await createGuest(t.app, cars[0]!);
    for (const car of [cars[0], cars[1]]) {
      await injectAs(t.app, guest, { method: 'POST', url: '/api/viewed-cars/toggle-favorite', payload: { car_uuid: car } });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { ...tmaHeaders({ id: 1001 }), cookie: guest.cookie } });
    expect(res.json<MeAnswer>().via).toBe('telegram');
    expect(await favouritesOf(await telegramUserId(1001))).toEqual([cars[0], cars[1]].sort());
  });

  it('keeps the cars viewed as a guest', async () => {
    const guest = await createGuest(t.app, cars[2]!);
    await injectAs(t.app, { id: 1002 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    const views = await t.db
      .selectFrom('car_views')
      .select('car_uuid')
      .where('user_id', '=', await telegramUserId(1002))
      .execute();
    expect(views.map((v) => v.car_uuid)).toEqual([cars[2]]);
  });

  it('deletes the guest and clears its cookie', async () => {
    const guest = await createGuest(t.app, cars[0]!);
    const res = await injectAs(t.app, { id: 1003 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    expect(res.cookies.find((c) => c.name === 'guest')?.value).toBe('');
    expect(await t.db.selectFrom('users').select('id').where('id', '=', guest.userId).executeTakeFirst()).toBeUndefined();
  });

  it('merges a favourite both had once, and keeps those only the Telegram user had', async () => {
    const who = { id: 1004 };
    await injectAs(t.app, who, { method: 'POST', url: '/api/viewed-cars/toggle-favorite', payload: { car_uuid: cars[0] } });
    await injectAs(t.app, who, { method: 'POST', url: '/api/viewed-cars/toggle-favorite', payload: { car_uuid: cars[3] } });
    const guest = await createGuest(t.app, cars[0]!);
    await injectAs(t.app, guest, { method: 'POST', url: '/api/viewed-cars/toggle-favorite', payload: { car_uuid: cars[0] } });
    await injectAs(t.app, guest, { method: 'POST', url: '/api/viewed-cars/toggle-favorite', payload: { car_uuid: cars[1] } });
    await injectAs(t.app, who, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    expect(await favouritesOf(await telegramUserId(1004))).toEqual([cars[0], cars[1], cars[3]].sort());
  });

  it('keeps the application draft made as a guest when the Telegram user has none', async () => {
    const guest = await createGuest(t.app, cars[0]!);
    await t.db.insertInto('application_drafts').values({ user_id: guest.userId, payload_encrypted: 'v1.guest-draft' }).execute();
    await injectAs(t.app, { id: 1005 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    const draft = await t.db
      .selectFrom('application_drafts')
      .select('payload_encrypted')
      .where('user_id', '=', await telegramUserId(1005))
      .executeTakeFirst();
    expect(draft?.payload_encrypted).toBe('v1.guest-draft');
  });

  it('keeps the more recently edited draft when both have one', async () => {
    await injectAs(t.app, { id: 1006 }, { method: 'GET', url: '/api/me' });
    const userId = await telegramUserId(1006);
    await t.db
      .insertInto('application_drafts')
      .values({ user_id: userId, payload_encrypted: 'v1.old', updated_at: sql`now() - interval '1 day'` })
      .execute();
    const guest = await createGuest(t.app, cars[0]!);
    await t.db.insertInto('application_drafts').values({ user_id: guest.userId, payload_encrypted: 'v1.new' }).execute();
    await injectAs(t.app, { id: 1006 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    const drafts = await t.db.selectFrom('application_drafts').select('payload_encrypted').where('user_id', '=', userId).execute();
    expect(drafts.map((d) => d.payload_encrypted)).toEqual(['v1.new']);
  });

  // Until credit data stopped moving (docs/decisions/011), a guest's application moved to a Telegram user who had none.
  it('leaves the application submitted as a guest with the guest, even when the Telegram user has none', async () => {
    const guest = await createGuest(t.app, cars[0]!);
    const application = await createApplication(t.db, guest.userId, 'Guesta');
    await injectAs(t.app, { id: 1007 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    const kept = await t.db.selectFrom('applications').select('user_id').where('id', '=', application.id).executeTakeFirstOrThrow();
    expect(kept.user_id).toBe(guest.userId);
  });

  it('moves the licence photos of a guest that has not applied, which no application uses yet', async () => {
    const guest = await createGuest(t.app, cars[0]!);
    const document = (side: 'front' | 'back') => ({
      owner_user_id: guest.userId,
      application_id: null,
      side,
      mime: 'image/jpeg',
      size: 3,
      width: 1,
      height: 1,
      sha256: '0'.repeat(64),
      content_encrypted: Buffer.from([1, 2, 3]),
      key_id: t.app.pii.keyId,
    });
    const rows = await t.db
      .insertInto('application_documents')
      .values([document('front'), document('back')])
      .returning('id')
      .execute();
    await injectAs(t.app, { id: 1011 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    const owners = await t.db
      .selectFrom('application_documents')
      .select('owner_user_id')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(owners.map((o) => o.owner_user_id)).toEqual([await telegramUserId(1011), await telegramUserId(1011)]);
  });

  it('never throws away an application: with two, the guest keeps its own', async () => {
    await injectAs(t.app, { id: 1008 }, { method: 'GET', url: '/api/me' });
    const userId = await telegramUserId(1008);
    await createApplication(t.db, userId, 'Teleg');
    const guest = await createGuest(t.app, cars[0]!);
    const guestApplication = await createApplication(t.db, guest.userId, 'Guesta');
    await injectAs(t.app, { id: 1008 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    const kept = await t.db.selectFrom('applications').select('user_id').where('id', '=', guestApplication.id).executeTakeFirst();
    expect(kept?.user_id).toBe(guest.userId);
  });

  it('does nothing the second time the same guest is merged', async () => {
    const guest = await createGuest(t.app, cars[0]!);
    await injectAs(t.app, guest, { method: 'POST', url: '/api/viewed-cars/toggle-favorite', payload: { car_uuid: cars[2] } });
    await injectAs(t.app, { id: 1009 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    const userId = await telegramUserId(1009);
    expect(await mergeGuestIntoUser(t.db, guest.userId, userId)).toBe('none');
    const again = await injectAs(t.app, { id: 1009 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    expect(again.statusCode).toBe(200);
    expect(await favouritesOf(userId)).toEqual([cars[2]]);
  });

  it('records the merge in the audit log', async () => {
    const guest = await createGuest(t.app, cars[0]!);
    await injectAs(t.app, { id: 1010 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    const event = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.guest_merged')
      .where('actor_user_id', '=', await telegramUserId(1010))
      .executeTakeFirst();
    expect(event?.details).toMatchObject({ guestId: guest.userId, guestDeleted: true });
  });
});

describe.each(DATABASE_KINDS)('a browser whose web guest has applied, later opened in Telegram on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 3 } });
  let cars: string[];

  beforeAll(async () => {
    cars = (await t.db.selectFrom('cars').select('uuid').orderBy('uuid').execute()).map((c) => c.uuid);
  });

  const telegramUserId = async (telegramId: number) =>
    (await t.db.selectFrom('users').select('id').where('telegram_id', '=', telegramId).executeTakeFirstOrThrow()).id;

  /** A guest that favourited a car and applied with both licence photos, all through the API. */
  async function applicantGuest() {
    const guest = await createGuest(t.app, cars[0]!);
    await injectAs(t.app, guest, { method: 'POST', url: '/api/viewed-cars/toggle-favorite', payload: { car_uuid: cars[1] } });
    const application = await submitTestApplication(t.app, guest, guest.userId);
    return { guest, application };
  }

  it('keeps the application and its licence photos with the guest when a Telegram user opens the mini app there', async () => {
    const { guest, application } = await applicantGuest();
    const opened = await injectAs(t.app, { id: 1201 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    expect(opened.json<MeAnswer>().via).toBe('telegram');

    const row = await t.db.selectFrom('applications').select('user_id').where('id', '=', application.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(guest.userId);
    const photos = await t.db
      .selectFrom('application_documents')
      .select('owner_user_id')
      .where('application_id', '=', application.id)
      .execute();
    expect(photos.map((p) => p.owner_user_id)).toEqual([guest.userId, guest.userId]);
    // The Telegram account, on its own, has no application.
    expect((await injectAs(t.app, { id: 1201 }, { method: 'GET', url: '/api/applications/mine' })).json()).toBeNull();
    const merged = await t.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'user.guest_merged')
      .where('actor_user_id', '=', await telegramUserId(1201))
      .execute();
    expect(merged).toEqual([]);
  });

  it("keeps the guest's cookie, so that browser still sees the application's status", async () => {
    const { guest, application } = await applicantGuest();
    const opened = await injectAs(t.app, { id: 1202 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    expect(opened.cookies.find((c) => c.name === 'guest')).toBeUndefined();
    const status = await injectAs(t.app, guest, { method: 'GET', url: '/api/applications/mine' });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json<MyApplication>()).toMatchObject({ id: application.id, status: 'in_review' });
  });

  it('keeps the favourites and viewed cars with the guest too: the browser may be someone else', async () => {
    const { guest } = await applicantGuest();
    await injectAs(t.app, { id: 1203 }, { method: 'GET', url: '/api/me', headers: { cookie: guest.cookie } });
    const favourites = await t.db
      .selectFrom('favorites')
      .select('user_id')
      .where('user_id', 'in', [guest.userId, await telegramUserId(1203)])
      .execute();
    expect(favourites).toEqual([{ user_id: guest.userId }]);
    const views = await t.db
      .selectFrom('car_views')
      .select('user_id')
      .where('user_id', 'in', [guest.userId, await telegramUserId(1203)])
      .execute();
    expect(views).toEqual([{ user_id: guest.userId }]);
  });
});
