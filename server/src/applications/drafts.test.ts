import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DraftAnswer, DraftSaved } from '../../../domain/contracts/applications.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { useTestApp } from '../../test/app.ts';
import { createPiiCipher } from '../security/pii-crypto.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createGuest, injectAs, tmaHeaders, type TestTelegramUser } from '../../test/identity.ts';
import { submitTestApplication, uploadLicence } from '../../test/applications.ts';

const URL = '/api/applications/draft';

/** A draft halfway through the wizard: the first step filled in, the second begun. */
const halfwayDraft = (firstName: string, ssn: string) => ({
  carId: '',
  personal: { firstName, lastName: 'Quimby', email: 'q@example.com', ssn, maritalStatus: 'Married' },
  housing: { ownership: 'Rent', yearsAtAddress: 1, previousAddress: { city: 'Springfield' } },
});

describe.each(DATABASE_KINDS)('application drafts on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 2 } });
  let carUuid: string;

  beforeAll(async () => {
    carUuid = (await t.db.selectFrom('cars').select('uuid').orderBy('uuid').executeTakeFirstOrThrow()).uuid;
  });

  const put = (who: Parameters<typeof injectAs>[1], payload: unknown, headers: Record<string, string> = {}) =>
    injectAs(t.app, who, {
      method: 'PUT',
      url: URL,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...headers },
    });
  const get = (who: Parameters<typeof injectAs>[1], headers: Record<string, string> = {}) =>
    injectAs(t.app, who, { method: 'GET', url: URL, headers });
  const guestCount = async () => (await t.db.selectFrom('users').select('id').where('kind', '=', 'guest').execute()).length;
  const telegramUserId = async (telegramId: number) =>
    (await t.db.selectFrom('users').select('id').where('telegram_id', '=', telegramId).executeTakeFirstOrThrow()).id;

  it('starts afresh, with no draft, when the saved draft was sealed with a key the server no longer has, and saves over it', async () => {
    const user: TestTelegramUser = { id: 9190 };
    expect((await put(user, halfwayDraft('Lost', '123-45-6789'))).statusCode).toBe(200);
    const userId = await telegramUserId(user.id);
    const foreign = createPiiCipher({ current: Buffer.alloc(32, 9).toString('base64') });
    const sealed = foreign.encrypt(JSON.stringify(halfwayDraft('Lost', '123-45-6789')), {
      context: 'application_drafts.payload_encrypted',
    });
    await t.db.updateTable('application_drafts').set({ payload_encrypted: sealed }).where('user_id', '=', userId).execute();
    const unreadable = await get(user);
    expect(unreadable.statusCode).toBe(200);
    expect(unreadable.json()).toBeNull();
    expect((await put(user, halfwayDraft('Found', '123-45-6789'))).statusCode).toBe(200);
    expect((await get(user)).json<DraftAnswer>().draft.personal).toMatchObject({ firstName: 'Found' });
  });

  it('lets a Telegram user resume on another phone what they saved on one', async () => {
    const user: TestTelegramUser = { id: 9101 };
    const draft = halfwayDraft('Harriet', '123-45-6789');
    const saved = await put(user, draft);
    expect(saved.statusCode, saved.body).toBe(200);
    // Another device: the same Telegram account, its own freshly signed init data and no cookies.
    const resumed = await t.app.inject({ method: 'GET', url: URL, headers: tmaHeaders(user) });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<DraftAnswer>()).toEqual({ draft, updatedAt: saved.json<DraftSaved>().updatedAt });
  });

  it('lets a Telegram user resume on Telegram Desktop what they saved on a phone', async () => {
    const draft = halfwayDraft('Dora', '222-33-4444');
    await put({ id: 9102, first_name: 'Dora', language_code: 'en' }, draft);
    const desktop = tmaHeaders({ id: 9102, first_name: 'Dora', username: 'dora_desktop' }, { authDate: new Date(Date.now() - 60_000) });
    const resumed = await t.app.inject({ method: 'GET', url: URL, headers: desktop });
    expect(resumed.json<DraftAnswer>().draft).toEqual(draft);
  });

  it('keeps the latest save only', async () => {
    const user = { id: 9103 };
    await put(user, halfwayDraft('First', '111-11-1111'));
    await put(user, { personal: { firstName: 'Second' } });
    expect((await get(user)).json<DraftAnswer>().draft).toEqual({ personal: { firstName: 'Second' } });
  });

  it("keeps a guest's draft when the same browser opens the mini app", async () => {
    const guest = await createGuest(t.app, carUuid);
    const draft = { ...halfwayDraft('Gus', '555-66-7777'), carId: carUuid };
    expect((await put(guest, draft)).statusCode).toBe(200);
    // The guest cookie and Telegram init data together: the identity hook merges the guest into the user.
    const inMiniApp = await get(guest, tmaHeaders({ id: 9104 }));
    expect(inMiniApp.statusCode, inMiniApp.body).toBe(200);
    expect(inMiniApp.json<DraftAnswer>().draft).toEqual(draft);
    const rows = await t.db
      .selectFrom('application_drafts')
      .select('user_id')
      .where('user_id', 'in', [guest.userId, await telegramUserId(9104)])
      .execute();
    expect(rows).toEqual([{ user_id: await telegramUserId(9104) }]);
  });

  it("prefers a guest's newer draft to the Telegram user's older one when the browser opens the mini app", async () => {
    const user = { id: 9111 };
    await put(user, halfwayDraft('Older', '111-22-3333'));
    await t.db
      .updateTable('application_drafts')
      .set({ updated_at: sql`now() - interval '1 day'` })
      .where('user_id', '=', await telegramUserId(9111))
      .execute();
    const guest = await createGuest(t.app, carUuid);
    await put(guest, halfwayDraft('Newer', '444-55-6666'));
    const inMiniApp = await get(guest, tmaHeaders(user));
    expect(inMiniApp.json<DraftAnswer>().draft.personal?.firstName).toBe('Newer');
  });

  it('gives a plain-web visitor a guest cookie when they first save a draft', async () => {
    const before = await guestCount();
    const saved = await put(null, { personal: { firstName: 'Wendy' } });
    expect(saved.statusCode).toBe(200);
    const cookie = saved.cookies.find((c) => c.name === 'guest');
    expect(cookie).toBeDefined();
    expect(await guestCount()).toBe(before + 1);
    const resumed = await get({ cookie: `guest=${cookie!.value}` });
    expect(resumed.json<DraftAnswer>().draft).toEqual({ personal: { firstName: 'Wendy' } });
  });

  it('stores no plaintext of what the applicant typed', async () => {
    const user = { id: 9105 };
    await put(user, halfwayDraft('Zebediah', '234-56-7890'));
    const row = await t.db
      .selectFrom('application_drafts')
      .select('payload_encrypted')
      .where('user_id', '=', await telegramUserId(9105))
      .executeTakeFirstOrThrow();
    expect(row.payload_encrypted).toMatch(/^v1\./);
    for (const plain of ['Zebediah', '234-56-7890', '234567890', 'Quimby', 'q@example.com', 'firstName']) {
      expect(row.payload_encrypted).not.toContain(plain);
    }
  });

  it('answers 413 to a draft over 64 KB', async () => {
    const res = await put({ id: 9106 }, { personal: { firstName: 'x'.repeat(65 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorBody>().error.code).toBe('payload_too_large');
  });

  it.each([
    ['a JSON array', []],
    ['a JSON string', 'draft'],
    ['a JSON number', 42],
    ['JSON null', null],
  ])('answers 400 to %s instead of a draft', async (_label, payload) => {
    const res = await put({ id: 9107 }, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorBody>().error.code).toBe('bad_request');
  });

  it('answers 400 to an unknown top-level key', async () => {
    const res = await put({ id: 9107 }, { personal: {}, isAdmin: true });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('answers 400 to a step that is not an object', async () => {
    expect((await put({ id: 9107 }, { personal: 'Harriet' })).statusCode).toBe(400);
    expect((await put({ id: 9107 }, { income: { monthlyIncome: { amount: 1 } } })).statusCode).toBe(400);
  });

  it('drops an unknown field inside a step', async () => {
    const user = { id: 9108 };
    await put(user, { personal: { firstName: 'Ann', favouriteColour: 'teal' } });
    expect((await get(user)).json<DraftAnswer>().draft).toEqual({ personal: { firstName: 'Ann' } });
  });

  it('answers no draft, without an error status, after the draft is deleted', async () => {
    const user = { id: 9109 };
    await put(user, halfwayDraft('Del', '321-54-9876'));
    const deleted = await injectAs(t.app, user, { method: 'DELETE', url: URL });
    expect(deleted.statusCode).toBe(204);
    const res = await get(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('refuses a draft from someone who has applied, so a save that races the submission cannot bring the draft back', async () => {
    const user = { id: 9120 };
    await put(user, halfwayDraft('Late', '321-54-9877'));
    await submitTestApplication(t.app, user, await telegramUserId(9120));
    const late = await put(user, halfwayDraft('Late', '321-54-9877'));
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorBody>().error.code).toBe('application_exists');
    expect((await get(user)).json()).toBeNull();
  });

  it('Start over deletes the licence photos uploaded for the draft along with it', async () => {
    const user = { id: 9111 };
    await put(user, halfwayDraft('Fresh', '321-54-9876'));
    await uploadLicence(t.app, user, 'front');
    await uploadLicence(t.app, user, 'back');
    const owner = await t.db.selectFrom('users').select('id').where('telegram_id', '=', user.id).executeTakeFirstOrThrow();
    const photos = () => t.db.selectFrom('application_documents').select('id').where('owner_user_id', '=', owner.id).execute();
    expect(await photos()).toHaveLength(2);
    expect((await injectAs(t.app, user, { method: 'DELETE', url: URL })).statusCode).toBe(204);
    expect(await photos()).toEqual([]);
  });

  it('answers no draft, without an error status, to a Telegram user who never saved one', async () => {
    const res = await get({ id: 9110 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toBeNull();
  });

  it('answers no draft to an anonymous visitor without creating a guest', async () => {
    const before = await guestCount();
    const res = await get(null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await guestCount()).toBe(before);
  });

  it('answers 204 to an anonymous delete without creating a guest', async () => {
    const before = await guestCount();
    const res = await injectAs(t.app, null, { method: 'DELETE', url: URL });
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await guestCount()).toBe(before);
  });
});
