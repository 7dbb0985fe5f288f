import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedIsoDateTime } from '../../../domain/dates.ts';
import { dealHandoff } from '../../../domain/deals/deal-handoff.ts';
import { adfDtdErrors } from '../../test/adf-dtd.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { TEST_DEAL_SETTINGS, TEST_DEALS } from '../../test/deals.ts';
import { createAdmin, createGuest, type TestTelegramUser } from '../../test/identity.ts';
import { LocalSmtp } from '../../test/local-smtp.ts';
import { addCar } from '../../test/inventory.ts';
import { bookAsShopper, slotsFrom } from '../../test/visit-messages.ts';
import { parseXml, select, textAt } from '../../test/xml-tree.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import { adfVisitLead, type AdfVisitLead } from './visit-lead.consumer.ts';

const CRM = 'leads@crm.example';
const TIME_ZONE = 'America/Chicago';
const config = testConfig({ COMPANY_NAME: 'Prairie Motors', PUBLIC_URL: 'https://cars.example.test', TIMEZONE: TIME_ZONE });

describe("a visit's ADF lead", () => {
  const lead: AdfVisitLead = {
    visit: {
      id: 31,
      type: 'test_drive',
      starts_at: new Date('2026-12-01T16:00:00Z'),
      ends_at: new Date('2026-12-01T16:30:00Z'),
      name: 'Mary Major',
      phone: '(555) 123-4567',
      email: 'mary@example.com',
      note: 'Can I bring my dog?',
      booked_by: 'shopper',
      created_at: new Date('2026-11-29T18:15:00Z'),
    },
    vehicle: {
      year: 2020,
      brand: 'Ford',
      model: 'Escape',
      trim: 'SE',
      vin: '1FMCU9GD5LUA12345',
      stockNumber: 'P4417',
      price: 20000,
      mileage: 31000,
      condition: 'used',
    },
    deal: null,
  };
  const hold: AdfVisitLead = { ...lead, visit: { ...lead.visit, type: 'hold' } };
  const byPhone: AdfVisitLead = { ...lead, visit: { ...lead.visit, email: null, note: null, booked_by: 'staff' } };
  const withDeal: AdfVisitLead = { ...lead, deal: dealHandoff(TEST_DEALS.finance(), TEST_DEAL_SETTINGS, null) };

  it('is valid ADF 1.0 by its DTD: a test drive or a hold, with or without an email, with or without a deal', () => {
    for (const each of [lead, hold, byPhone, withDeal]) expect(adfDtdErrors(adfVisitLead(each, config))).toEqual([]);
  });

  it('asks for a test drive of the car, by VIN and stock number, and a hold as wanting to buy it', () => {
    const car = (of: AdfVisitLead) => select(parseXml(adfVisitLead(of, config)).root, 'prospect/vehicle')[0]!;
    expect(car(lead).attributes).toEqual({ interest: 'test-drive', status: 'used' });
    expect(textAt(car(lead), 'vin')).toBe('1FMCU9GD5LUA12345');
    expect(textAt(car(lead), 'stock')).toBe('P4417');
    expect(car(hold).attributes.interest).toBe('buy');
  });

  it("gives the customer's contact and, in their comments, the date and time they asked for in the dealer's zone and their note", () => {
    const { root } = parseXml(adfVisitLead(lead, config));
    expect(select(root, 'prospect/customer/contact/name').map((name) => [name.attributes.part, name.text])).toEqual([
      ['full', 'Mary Major'],
    ]);
    expect(textAt(root, 'prospect/customer/contact/email')).toBe('mary@example.com');
    expect(textAt(root, 'prospect/customer/contact/phone')).toBe('(555) 123-4567');
    expect(textAt(root, 'prospect/customer/comments')).toBe(
      'Test drive requested for December 1, 2026 at 10:00 AM CST (2026-12-01T10:00:00-06:00), booked online (visit #31). ' +
        "Customer's note: Can I bring my dog?",
    );
    expect(textAt(root, 'prospect/requestdate')).toBe('2026-11-29T12:15:00-06:00');
    expect(select(root, 'prospect/id')[0]!.attributes).toEqual({ sequence: '1', source: 'Prairie Motors visits' });
  });

  it('carries the deal the shopper brought in <finance>, its terms with the comments', () => {
    const { root } = parseXml(adfVisitLead(withDeal, config));
    expect(textAt(root, 'prospect/vehicle/finance/method')).toBe('finance');
    expect(textAt(root, 'prospect/customer/comments')).toContain('Finance deal priced online (deal settings version 1)');
  });
});

describe.each(DATABASE_KINDS)('the CRM lead of a booked visit on %s', (kind) => {
  const admin: TestTelegramUser = { id: 9_620_001, first_name: 'Ada' };
  let database: TestDatabase;
  let smtp: LocalSmtp;
  let runtime: Runtime;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await LocalSmtp.start();
    runtime = await createRuntime(
      testConfig({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'visits@prairie.example',
        CRM_ADF_EMAIL: CRM,
        COMPANY_NAME: 'Prairie Motors',
        TIMEZONE: TIME_ZONE,
      }),
      { db: database.db, logger: false, webDist: join(tmpdir(), 'no-web-build'), outbox: { tickMs: 3_600_000 } },
    );
    await createAdmin(database.db, admin.id);
  });
  afterAll(async () => {
    await runtime?.close();
    await smtp?.stop();
    await database?.drop();
  });

  it('reaches the CRM once as an ADF 1.0 lead asking for a test drive at the time booked', async () => {
    const car = await addCar(runtime, admin);
    const { userId } = await createGuest(runtime.app, car.uuid);
    const [slot] = await slotsFrom(runtime, 3);
    const visitId = await bookAsShopper(runtime, {
      userId,
      channel: 'email',
      language: 'es',
      carUuid: car.uuid,
      start: slot!.start,
      email: 'mary@example.com',
    });

    await runtime.outbox.tick();
    await runtime.outbox.tick();

    const [mail, ...more] = smtp.to(CRM);
    expect(more).toEqual([]);
    expect(mail!.parsed.subject).toBe(`ADF lead: test drive #${visitId}`);
    const text = mail!.parsed.text!;
    expect(adfDtdErrors(text)).toEqual([]);
    const { root } = parseXml(text);
    expect(select(root, 'prospect/vehicle')[0]!.attributes).toEqual({ interest: 'test-drive', status: 'used' });
    expect(textAt(root, 'prospect/vehicle/stock')).toBe(car.stockNumber);
    expect(textAt(root, 'prospect/customer/contact/email')).toBe('mary@example.com');
    expect(textAt(root, 'prospect/customer/comments')).toContain(`(${zonedIsoDateTime(slot!.start, TIME_ZONE)})`);
  });
});
