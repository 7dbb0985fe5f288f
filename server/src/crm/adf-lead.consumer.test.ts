import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeInHandoff } from '../../../domain/contracts/trade-ins.ts';
import type { PricedDeal } from '../../../domain/deals/deal-quote.schema.ts';
import { dealHandoff } from '../../../domain/deals/deal-handoff.ts';
import { centsToDecimal } from '../../../domain/deals/money.ts';
import { adfDtdErrors } from '../../test/adf-dtd.ts';
import { testConfig } from '../../test/app.ts';
import { submitTestApplication, TEST_BIRTH_DATE, TEST_SSN } from '../../test/applications.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { TEST_DEAL_SETTINGS, TEST_DEALS, testApplicationDeal } from '../../test/deals.ts';
import { createGuest } from '../../test/identity.ts';
import { LocalSmtp } from '../../test/local-smtp.ts';
import { parseXml, select, textAt } from '../../test/xml-tree.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import { adfLead } from './adf-lead.consumer.ts';

const CRM = 'leads@crm.example';
const VIN = '1FMCU9GD5LUA12345';
const STOCK = 'P4417';
/** The test application's SSN, birth date, income, home address and employer: none may reach the CRM. */
const NEVER_IN_A_LEAD = [TEST_SSN, '123-45-6789', TEST_BIRTH_DATE, '01/31/1990', '5200', '12 Elm St.', 'Springfield', 'Acme Corp'];

const leadConfig = testConfig({
  COMPANY_NAME: 'Prairie Motors',
  PUBLIC_URL: 'https://cars.example.test',
  TIMEZONE: 'America/Chicago',
  DEALER_ADDRESS_STREET: '77 Prairie Road',
  DEALER_ADDRESS_CITY: 'Austin',
  DEALER_ADDRESS_REGION: 'TX',
  DEALER_ADDRESS_POSTAL_CODE: '78701-1234',
});
/** The settings a dealer must give: no public URL, the default address and zone. */
const minimalConfig = testConfig();

describe('an ADF lead', () => {
  const application = {
    id: 42,
    first_name: `Mary <b>"Mae"</b> & O'Brien`,
    last_name: 'Major\u0007\u0000',
    email: 'mary@example.com',
    phone: '(555) 123-4567',
    submitted_at: new Date('2026-11-01T12:00:00Z'),
  };
  const vehicle = {
    year: 2020,
    brand: 'Ford',
    model: 'Escape',
    trim: 'SE & Co',
    vin: VIN,
    stockNumber: STOCK,
    price: 20000,
    mileage: 31000,
    condition: 'used' as const,
  };

  it('carries any name as text, so markup or control characters in a form cannot change the document', () => {
    const { prolog, root } = parseXml(adfLead({ application, vehicle, deal: null, tradeIn: null }, leadConfig));
    expect(prolog).toEqual(['xml version="1.0"', 'adf version="1.0"']);
    expect(select(root, 'prospect/customer/contact/name').map((name) => [name.attributes.part, name.text])).toEqual([
      ['first', `Mary <b>"Mae"</b> & O'Brien`],
      ['last', 'Major'],
    ]);
    expect(textAt(root, 'prospect/vehicle/trim')).toBe('SE & Co');
  });

  it('names no car when the car has left the stock, and says so, while the CRM still gets the customer', () => {
    const { root } = parseXml(adfLead({ application, vehicle: undefined, deal: null, tradeIn: null }, leadConfig));
    const [car] = select(root, 'prospect/vehicle');
    expect(car!.children.map((child) => [child.name, child.text])).toEqual([
      ['year', ''],
      ['make', ''],
      ['model', ''],
      ['comments', 'The car applied for has left the stock since.'],
    ]);
    expect(textAt(root, 'prospect/customer/contact/email')).toBe('mary@example.com');
  });

  it('is valid ADF 1.0 by its DTD, with the car or without it, with every optional setting or none', () => {
    for (const config of [leadConfig, minimalConfig]) {
      expect(adfDtdErrors(adfLead({ application, vehicle, deal: null, tradeIn: null }, config))).toEqual([]);
      expect(
        adfDtdErrors(adfLead({ application, vehicle: { ...vehicle, vin: null, trim: null }, deal: null, tradeIn: null }, config)),
      ).toEqual([]);
      expect(adfDtdErrors(adfLead({ application, vehicle: undefined, deal: null, tradeIn: null }, config))).toEqual([]);
    }
  });

  it('asks to finance the car, for at most its price in dollars, when the application has no deal', () => {
    const { root } = parseXml(adfLead({ application, vehicle, deal: null, tradeIn: null }, leadConfig));
    expect(select(root, 'prospect/vehicle/finance')[0]!.children.map((child) => child.name)).toEqual(['method', 'amount']);
    expect(textAt(root, 'prospect/vehicle/finance/method')).toBe('finance');
    const [amount] = select(root, 'prospect/vehicle/finance/amount');
    expect(amount!.attributes).toEqual({ type: 'total', limit: 'maximum', currency: 'USD' });
    expect(amount!.text).toBe('20000');
  });

  it("dates the request in the dealer's time zone, to the second, with its offset", () => {
    const lead = (submitted: string) =>
      textAt(
        parseXml(
          adfLead({ application: { ...application, submitted_at: new Date(submitted) }, vehicle, deal: null, tradeIn: null }, leadConfig),
        ).root,
        'prospect/requestdate',
      );
    expect(lead('2026-11-29T16:15:00.456Z')).toBe('2026-11-29T10:15:00-06:00');
    expect(lead('2026-07-04T17:00:09.999Z')).toBe('2026-07-04T12:00:09-05:00');
  });

  /** The deal of the application as the consumer hands it to adfLead, priced by the calculator. */
  const handoff = (kind: keyof typeof TEST_DEALS) => {
    const deal = TEST_DEALS[kind]();
    return { quote: deal.quote, deal: dealHandoff(deal, TEST_DEAL_SETTINGS, null) };
  };
  const financeOf = (lead: string) => {
    const [finance] = select(parseXml(lead).root, 'prospect/vehicle/finance');
    return finance!.children.map((child) => [child.name, child.attributes, child.text]);
  };

  it('is valid ADF 1.0 by its DTD with a cash, finance or lease deal, with the car or without it', () => {
    for (const kind of ['cash', 'finance', 'lease'] as const) {
      const { deal } = handoff(kind);
      expect(adfDtdErrors(adfLead({ application, vehicle, deal, tradeIn: null }, leadConfig)), kind).toEqual([]);
      expect(adfDtdErrors(adfLead({ application, vehicle: undefined, deal, tradeIn: null }, minimalConfig)), kind).toEqual([]);
    }
  });

  it('gives a financed deal exactly: the down payment, the monthly payment and the total of payments, and the amount financed as its balance, in dollars and cents', () => {
    const { quote, deal } = handoff('finance');
    if (quote.type !== 'finance') throw new Error('not finance');
    const lead = adfLead({ application, vehicle, deal, tradeIn: null }, leadConfig);
    expect(select(parseXml(lead).root, 'prospect/vehicle')[0]!.attributes.interest).toBe('buy');
    expect(financeOf(lead)).toEqual([
      ['method', {}, 'finance'],
      ['amount', { type: 'downpayment', limit: 'exact', currency: 'USD' }, '2000.00'],
      ['amount', { type: 'monthly', limit: 'exact', currency: 'USD' }, centsToDecimal(quote.paymentCents)],
      ['amount', { type: 'total', limit: 'exact', currency: 'USD' }, centsToDecimal(quote.totalOfPaymentsCents)],
      ['balance', { type: 'finance', currency: 'USD' }, centsToDecimal(quote.amountFinancedCents)],
    ]);
  });

  it('gives a lease as a lease: the car leased, the payments, and the residual as its balance', () => {
    const { quote, deal } = handoff('lease');
    if (quote.type !== 'lease') throw new Error('not lease');
    const lead = adfLead({ application, vehicle, deal, tradeIn: null }, leadConfig);
    expect(select(parseXml(lead).root, 'prospect/vehicle')[0]!.attributes.interest).toBe('lease');
    expect(financeOf(lead)).toEqual([
      ['method', {}, 'lease'],
      ['amount', { type: 'downpayment', limit: 'exact', currency: 'USD' }, '2000.00'],
      ['amount', { type: 'monthly', limit: 'exact', currency: 'USD' }, centsToDecimal(quote.paymentCents)],
      ['amount', { type: 'total', limit: 'exact', currency: 'USD' }, centsToDecimal(quote.totalOfPaymentsCents)],
      ['balance', { type: 'residual', currency: 'USD' }, '18200.00'],
    ]);
  });

  it('gives a cash deal as the amount due', () => {
    const { quote, deal } = handoff('cash');
    if (quote.type !== 'cash') throw new Error('not cash');
    expect(financeOf(adfLead({ application, vehicle, deal, tradeIn: null }, leadConfig))).toEqual([
      ['method', {}, 'cash'],
      ['amount', { type: 'total', limit: 'exact', currency: 'USD' }, centsToDecimal(quote.amountDueCents)],
    ]);
  });

  it('says with the car what ADF has no element for: the term and rate, the products, rebates, trade and tax', () => {
    const { deal } = handoff('finance');
    const comments = textAt(parseXml(adfLead({ application, vehicle, deal, tradeIn: null }, leadConfig)).root, 'prospect/vehicle/comments');
    expect(comments).toBe(
      'Finance deal priced online (deal settings version 1): 72 months at 5.99% APR, credit tier Excellent 720+; ' +
        'products: GAP protection $795.00; rebates: Spring rebate $500.00; trade-in allowance $8,000.00, payoff $5,000.00; tax $1,406.19 (TX).',
    );
    const lease = textAt(
      parseXml(adfLead({ application, vehicle, deal: handoff('lease').deal, tradeIn: null }, leadConfig)).root,
      'prospect/vehicle/comments',
    );
    expect(lease).toContain('36 months, 12,000 miles a year, money factor 0.0029, residual 56% ($18,200.00)');
  });

  it('says tax and government fees are not included in a state the dealer has no tax rule for', () => {
    const deal = dealHandoff(testApplicationDeal({ type: 'cash', zip: '98101' }), TEST_DEAL_SETTINGS, null);
    const comments = textAt(parseXml(adfLead({ application, vehicle, deal, tradeIn: null }, leadConfig)).root, 'prospect/vehicle/comments');
    expect(comments).toMatch(/; tax and government fees not included: to be confirmed for Washington\.$/);
  });

  it('keeps the deal when the car has left the stock', () => {
    const { deal } = handoff('finance');
    const { root } = parseXml(adfLead({ application, vehicle: undefined, deal, tradeIn: null }, leadConfig));
    expect(textAt(root, 'prospect/vehicle/finance/method')).toBe('finance');
    expect(textAt(root, 'prospect/vehicle/comments')).toMatch(/^The car applied for has left the stock since\. Finance deal priced online/);
  });

  /** The applicant's accepted trade-in, as the trade-ins service hands it over. */
  const tradeIn: TradeInHandoff = {
    tradeInId: 41,
    vin: '2HGFB2F50FH512345',
    year: 2015,
    make: 'Honda',
    model: 'Civic',
    trim: 'EX',
    mileage: 98_000,
    offerCents: 800_000,
    payoffCents: 500_000,
  };

  it('is valid ADF 1.0 by its DTD with a trade-in, with a deal or without, and with a trade-in known only by its VIN', () => {
    const { deal } = handoff('finance');
    const byVin = { ...tradeIn, year: null, make: null, model: null, trim: null, mileage: null };
    expect(adfDtdErrors(adfLead({ application, vehicle, deal, tradeIn }, leadConfig))).toEqual([]);
    expect(adfDtdErrors(adfLead({ application, vehicle, deal: null, tradeIn }, leadConfig))).toEqual([]);
    expect(adfDtdErrors(adfLead({ application, vehicle: undefined, deal: null, tradeIn: byVin }, minimalConfig))).toEqual([]);
  });

  it('gives the car traded in as a used trade-in vehicle after the car applied for, its accepted offer as the appraisal', () => {
    const { root } = parseXml(adfLead({ application, vehicle, deal: handoff('finance').deal, tradeIn }, leadConfig));
    const [applied, traded] = select(root, 'prospect/vehicle');
    expect(applied!.attributes.interest).toBe('buy');
    expect(traded!.attributes).toEqual({ interest: 'trade-in', status: 'used' });
    expect(traded!.children.map((child) => [child.name, child.attributes, child.text])).toEqual([
      ['year', {}, '2015'],
      ['make', {}, 'Honda'],
      ['model', {}, 'Civic'],
      ['vin', {}, '2HGFB2F50FH512345'],
      ['trim', {}, 'EX'],
      ['odometer', { status: 'unknown', units: 'mi' }, '98000'],
      ['price', { type: 'appraisal', currency: 'USD' }, '8000.00'],
      ['comments', {}, "Trade-in #41, appraised online; its photos and answers are in the dealer's dashboard."],
    ]);
  });

  it('sends no trade-in vehicle without an accepted trade-in', () => {
    const { root } = parseXml(adfLead({ application, vehicle, deal: handoff('finance').deal, tradeIn: null }, leadConfig));
    expect(select(root, 'prospect/vehicle')).toHaveLength(1);
  });

  it("gives the dealer's address in ADF's parts, from the dealer's address settings", () => {
    const { root } = parseXml(adfLead({ application, vehicle, deal: null, tradeIn: null }, leadConfig));
    const [address] = select(root, 'prospect/vendor/contact/address');
    expect(address!.children.map((child) => [child.name, child.attributes, child.text])).toEqual([
      ['street', { line: '1' }, '77 Prairie Road'],
      ['city', {}, 'Austin'],
      ['regioncode', {}, 'TX'],
      ['postalcode', {}, '78701-1234'],
      ['country', {}, 'US'],
    ]);
  });
});

describe.each(DATABASE_KINDS)('the CRM lead of a submission on %s', (kind) => {
  let database: TestDatabase;
  let smtp: LocalSmtp;
  let runtime: Runtime;
  let car: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const row = await database.db
      .insertInto('cars')
      .values({
        brand: 'Ford',
        model: 'Escape',
        trim: 'SE',
        year: 2020,
        price: 20000,
        mileage: 31000,
        condition: 'used',
        vin: VIN,
        stock_number: STOCK,
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    car = row.uuid;
    smtp = await LocalSmtp.start();
    runtime = await createRuntime(
      testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'credit@prairie.example', CRM_ADF_EMAIL: CRM, COMPANY_NAME: 'Prairie Motors' }),
      { db: database.db, logger: false, webDist: join(tmpdir(), 'no-web-build'), outbox: { tickMs: 3_600_000 } },
    );
  });
  afterAll(async () => {
    await runtime?.close();
    await smtp?.stop();
    await database?.drop();
  });

  it('reaches the CRM once as an ADF 1.0 lead in the email body, with the car by VIN and stock number and no financial data', async () => {
    const guest = await createGuest(runtime.app, car);
    const application = await submitTestApplication(runtime.app, { cookie: guest.cookie }, guest.userId, { carId: car });
    await runtime.outbox.tick();
    await runtime.outbox.tick();

    const [lead, ...more] = smtp.to(CRM);
    expect(more).toEqual([]);
    expect(lead!.parsed.subject).toBe(`ADF lead: credit application #${application.id}`);
    expect(lead!.parsed.attachments).toEqual([]);
    const { prolog, root } = parseXml(lead!.parsed.text!);
    expect(prolog).toEqual(['xml version="1.0"', 'adf version="1.0"']);
    expect(root.name).toBe('adf');
    const [prospect] = select(root, 'prospect');
    expect(prospect!.attributes).toEqual({ status: 'new' });
    expect(prospect!.children.map((child) => child.name)).toEqual(['id', 'requestdate', 'vehicle', 'customer', 'vendor', 'provider']);

    expect(select(root, 'prospect/id')[0]!.attributes).toEqual({ sequence: '1', source: 'Prairie Motors' });
    expect(textAt(root, 'prospect/id')).toBe(String(application.id));
    expect(adfDtdErrors(lead!.parsed.text!)).toEqual([]);
    expect(textAt(root, 'prospect/requestdate')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(select(root, 'prospect/vehicle')[0]!.attributes).toEqual({ interest: 'buy', status: 'used' });
    expect(
      Object.fromEntries(
        ['year', 'make', 'model', 'vin', 'stock', 'trim', 'price'].map((name) => [name, textAt(root, `prospect/vehicle/${name}`)]),
      ),
    ).toEqual({ year: '2020', make: 'Ford', model: 'Escape', vin: VIN, stock: STOCK, trim: 'SE', price: '20000' });
    expect(select(root, 'prospect/vehicle/price')[0]!.attributes).toEqual({ type: 'asking', currency: 'USD' });
    expect(textAt(root, 'prospect/vehicle/finance/method')).toBe('finance');
    expect(select(root, 'prospect/customer/contact/name').map((name) => [name.attributes.part, name.text])).toEqual([
      ['first', 'Mary'],
      ['last', 'Major'],
    ]);
    expect(textAt(root, 'prospect/customer/contact/email')).toBe('mary.major@example.com');
    expect(select(root, 'prospect/customer/contact/phone')[0]!.attributes).toEqual({ type: 'voice' });
    expect(textAt(root, 'prospect/vendor/vendorname')).toBe('Prairie Motors');
    expect(textAt(root, 'prospect/provider/name')).toBe('car-credit-app');

    const everything = `${lead!.parsed.subject}\n${lead!.parsed.text}`;
    for (const secret of NEVER_IN_A_LEAD) expect(everything).not.toContain(secret);
    expect(lead!.raw).not.toContain(TEST_SSN);
  });

  it('carries the deal the application was submitted with in <finance>, valid by the DTD', async () => {
    const guest = await createGuest(runtime.app, car);
    const input = { type: 'finance', zip: '75201', tierId: 'good', termMonths: 48, cashDownCents: 150_000 };
    const priced = await runtime.app.inject({ method: 'POST', url: '/api/deals/quote', payload: { carId: car, deal: input } });
    expect(priced.statusCode, priced.body).toBe(200);
    const deal = { input, ...priced.json<PricedDeal>() };
    if (deal.quote.type !== 'finance') throw new Error('not finance');
    const application = await submitTestApplication(runtime.app, { cookie: guest.cookie }, guest.userId, { carId: car, deal });
    await runtime.outbox.tick();

    const lead = smtp.to(CRM).find((mail) => mail.parsed.subject === `ADF lead: credit application #${application.id}`);
    const text = lead!.parsed.text!;
    expect(adfDtdErrors(text)).toEqual([]);
    const root = parseXml(text).root;
    expect(textAt(root, 'prospect/vehicle/finance/method')).toBe('finance');
    expect(select(root, 'prospect/vehicle/finance/amount').map((amount) => [amount.attributes.type, amount.text])).toEqual([
      ['downpayment', '1500.00'],
      ['monthly', centsToDecimal(deal.quote.paymentCents)],
      ['total', centsToDecimal(deal.quote.totalOfPaymentsCents)],
    ]);
    expect(textAt(root, 'prospect/vehicle/finance/balance')).toBe(centsToDecimal(deal.quote.amountFinancedCents));
  });
});
