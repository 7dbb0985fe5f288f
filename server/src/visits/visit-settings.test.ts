import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { VisitSettingsAnswer } from '../../../domain/contracts/visits.ts';
import { DEFAULT_VISIT_SETTINGS, visitSettingsMessages, type VisitSettings } from '../../../domain/visits/visit-settings.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createTelegramUser, injectAs, sessionCookie, type TestTelegramUser } from '../../test/identity.ts';

const ADMIN: TestTelegramUser = { id: 8_940_001, first_name: 'Ada', last_name: 'Staff' };
const SHOPPER: TestTelegramUser = { id: 8_940_002 };

/** Weekdays 8–8, Saturday 9–5, open on Sundays too: hourly slots, three visits each. */
const LONGER_HOURS: VisitSettings = {
  hours: {
    mon: { open: '08:00', close: '20:00' },
    tue: { open: '08:00', close: '20:00' },
    wed: { open: '08:00', close: '20:00' },
    thu: { open: '08:00', close: '20:00' },
    fri: { open: '08:00', close: '20:00' },
    sat: { open: '09:00', close: '17:00' },
    sun: { open: '11:00', close: '16:00' },
  },
  closedDates: ['2027-12-25', '2028-01-01'],
  slotMinutes: 60,
  capacity: 3,
  minNoticeMinutes: 240,
  horizonDays: 30,
};

describe.each(DATABASE_KINDS)("the dealer's visiting hours on %s", (kind) => {
  const t = useTestApp(kind, { env: { STAFF_MFA: 'required' } });
  let adminId = 0;

  beforeAll(async () => {
    adminId = (await createAdmin(t.db, ADMIN.id)).id;
    await createTelegramUser(t.db, SHOPPER.id);
  });

  const read = async (): Promise<VisitSettingsAnswer> => {
    const response = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/visit-settings' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<VisitSettingsAnswer>();
  };
  const save = (body: unknown, who: TestTelegramUser | { cookie: string } | null = ADMIN) =>
    injectAs(t.app, who, { method: 'PUT', url: '/api/visit-settings', payload: body as InjectOptions['payload'] });
  const fieldsOf = (body: string) => (JSON.parse(body) as ErrorBody).error.fields;

  describe('who may read and change them', () => {
    const reading = { method: 'GET', url: '/api/visit-settings' } as const;
    const change = (): InjectOptions => ({
      method: 'PUT',
      url: '/api/visit-settings',
      payload: { version: 1, settings: DEFAULT_VISIT_SETTINGS },
    });

    it('asks anonymous callers to sign in', async () => {
      for (const call of [reading, change()]) expect((await injectAs(t.app, null, call)).statusCode, call.method).toBe(401);
    });

    it('refuses shoppers', async () => {
      for (const call of [reading, change()]) expect((await injectAs(t.app, SHOPPER, call)).statusCode, call.method).toBe(403);
    });

    it('shows them to staff on the web without a passkey check, which a change needs', async () => {
      const unchecked = { cookie: await sessionCookie(t.app, adminId) };
      expect((await injectAs(t.app, unchecked, reading)).statusCode).toBe(200);
      const refused = await injectAs(t.app, unchecked, change());
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error.code).toBe('mfa_required');
    });
  });

  describe('reading and saving', () => {
    it('starts from the defaults as version 1, in the dealer’s time zone', async () => {
      expect(await read()).toEqual({ version: 1, timeZone: 'America/Chicago', settings: DEFAULT_VISIT_SETTINGS });
    });

    it('saves new hours as the next version, which everyone then reads', async () => {
      const { version } = await read();
      const saved = await save({ version, settings: LONGER_HOURS });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<VisitSettingsAnswer>()).toEqual({ version: version + 1, timeZone: 'America/Chicago', settings: LONGER_HOURS });
      expect(await read()).toEqual(saved.json<VisitSettingsAnswer>());
    });

    it('lets staff on the web save once they confirmed their passkey', async () => {
      const { version } = await read();
      const checked = { cookie: await sessionCookie(t.app, adminId, { passkeyVerified: true }) };
      const saved = await save({ version, settings: { ...LONGER_HOURS, capacity: 4 } }, checked);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await read()).settings.capacity).toBe(4);
    });

    it('writes who saved which version in the audit log', async () => {
      const { version } = await read();
      await save({ version, settings: DEFAULT_VISIT_SETTINGS });
      const audit = await t.db
        .selectFrom('audit_events')
        .select(['actor_user_id', 'details'])
        .where('action', '=', 'visit_settings.saved')
        .where('entity', '=', 'visit_settings')
        .where('entity_id', '=', String(version + 1))
        .execute();
      expect(audit).toEqual([{ actor_user_id: adminId, details: { from: version } }]);
    });

    it('refuses hours edited from a version someone else has saved over since', async () => {
      const { version } = await read();
      expect((await save({ version, settings: LONGER_HOURS })).statusCode).toBe(200);
      const stale = await save({ version, settings: DEFAULT_VISIT_SETTINGS });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<ErrorBody>().error.code).toBe('stale_version');
      expect((await read()).settings).toEqual(LONGER_HOURS);
    });
  });

  describe('hours that could not give a slot', () => {
    const refused = async (settings: unknown) => {
      const { version } = await read();
      const response = await save({ version, settings });
      expect(response.statusCode).toBe(400);
      return fieldsOf(response.body);
    };

    it('names a closing time before the opening time', async () => {
      const hours = { ...LONGER_HOURS.hours, tue: { open: '18:00', close: '09:00' } };
      expect(await refused({ ...LONGER_HOURS, hours })).toEqual({ 'settings.hours.tue.close': visitSettingsMessages.closeBeforeOpen });
    });

    it('names a slot length of zero', async () => {
      expect(await refused({ ...LONGER_HOURS, slotMinutes: 0 })).toEqual({
        'settings.slotMinutes': visitSettingsMessages.slotLengthInvalid,
      });
    });

    it('names a slot longer than a day is open', async () => {
      const hours = { ...LONGER_HOURS.hours, sun: { open: '11:00', close: '11:45' } };
      expect(await refused({ ...LONGER_HOURS, hours })).toEqual({ 'settings.slotMinutes': visitSettingsMessages.slotsDoNotFit });
    });

    it('names a week closed every day', async () => {
      const hours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
      expect(await refused({ ...LONGER_HOURS, hours })).toEqual({ 'settings.hours': visitSettingsMessages.openDayRequired });
    });

    it('names no visits at all per slot', async () => {
      expect(await refused({ ...LONGER_HOURS, capacity: 0 })).toEqual({ 'settings.capacity': visitSettingsMessages.capacityInvalid });
    });

    it('names a closed date that is no calendar date', async () => {
      for (const closedDates of [['25.12.2027'], ['2027-02-30']]) {
        expect(await refused({ ...LONGER_HOURS, closedDates })).toEqual({ 'settings.closedDates.0': visitSettingsMessages.dateInvalid });
      }
    });

    it('keeps the hours it had', async () => {
      const before = await read();
      await refused({ ...LONGER_HOURS, slotMinutes: 0 });
      expect(await read()).toEqual(before);
    });
  });
});
