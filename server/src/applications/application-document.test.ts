import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../../domain/format.ts';
import { TEST_DEAL_SETTINGS, TEST_DEALS, testApplicationDeal } from '../../test/deals.ts';
import { printableApplication } from '../../test/printable-application.ts';
import { loadCatalogues, type Catalogues } from '../i18n/catalogues.ts';
import { applicationDocument, type PrintableApplication } from './application-document.ts';

const html = (application: PrintableApplication) =>
  applicationDocument({
    application,
    dealSettings: undefined,
    licence: [],
    company: 'Dealer',
    generatedBy: 'Ada Lovelace',
    generatedAt: new Date('2026-06-16T12:00:00.000Z'),
    timeZone: 'America/Chicago',
    lang: 'en',
    // English: the id itself; plural and number placeholders are not what these tests read.
    t: (id) => id,
  }).html;

describe('the application PDF’s employment lines', () => {
  it('says the applicant declared no previous employment, where a previous job would be', () => {
    const text = html(printableApplication({ previousEmployment: null, noPreviousEmployment: true }));
    expect(text).toContain('Previous Employment');
    expect(text).toContain('None: the applicant declared no job before the current one.');
  });

  it('prints no previous employment section when none was asked for', () => {
    const text = html(printableApplication({ previousEmployment: null, noPreviousEmployment: false }));
    expect(text).not.toContain('Previous Employment');
  });
});

describe('the application PDF’s staff labels', () => {
  it('lists every consent, the declined marketing consent as declined, and no single "Consent Given: Yes"', () => {
    const given = (kind: 'credit_check' | 'privacy_notice' | 'electronic_records') => ({
      kind,
      version: '2026-11-01',
      acceptedAt: '2026-06-15T12:00:00.000Z',
    });
    const text = html(
      printableApplication({ consentGiven: true, consents: [given('credit_check'), given('privacy_notice'), given('electronic_records')] }),
    );
    expect(text).not.toContain('Consent Given');
    expect(text).toMatch(/Marketing contact<\/td><td class="nowrap">—<\/td><td class="nowrap">Declined<\/td>/);
    expect(text.match(/2026-11-01/g)).toHaveLength(3);
  });

  it('shows a blank additional income as a dash, not "$0"', () => {
    const text = html(printableApplication({ otherIncomeSource: null, otherIncomeAmount: 0 }));
    expect(text).toContain('<dt>Additional Income Amount</dt><dd>—</dd>');
    expect(text).not.toContain('$0<');
  });
});

describe('the PDF of an application whose personal data was erased', () => {
  const erased = () =>
    html(
      printableApplication({
        erasedAt: '2026-10-01T12:00:00.000Z',
        ssn: null,
        ssnMasked: null,
        dateOfBirth: null,
        income: null,
        otherIncomeSource: null,
        otherIncomeAmount: null,
        mortgageOrRentAmount: null,
        address: null,
        previousAddress: null,
        currentEmployment: null,
        previousEmployment: null,
      }),
    );

  it('says when the personal data was erased under the retention policy', () => {
    expect(erased()).toContain('Personal data erased on {date} under the retention policy.');
  });

  it('shows each erased field as "Erased", not blank or $0', () => {
    const text = erased();
    for (const label of ['Date of Birth', 'SSN', 'Monthly Income', 'Monthly Payment', 'Additional Income Amount']) {
      expect(text).toContain(`<dt>${label}</dt><dd>Erased</dd>`);
    }
    expect(text).toMatch(/<h3>Current Address<\/h3><p>Erased<\/p>/);
    expect(text).toMatch(/<h3>Current Employment<\/h3><p>Erased<\/p>/);
    expect(text).not.toContain('$0');
  });
});

describe('the application PDF’s deal', () => {
  let catalogues: Catalogues;
  beforeAll(async () => {
    catalogues = await loadCatalogues();
  });

  /** The document as printed in `lang`, with the real catalogues and the settings the deal was priced under. */
  const printed = (deal: PrintableApplication['deal'], lang: 'en' | 'uk' = 'en') =>
    applicationDocument({
      application: printableApplication({ deal }),
      dealSettings: TEST_DEAL_SETTINGS,
      licence: [],
      company: 'Dealer',
      generatedBy: 'Ada Lovelace',
      generatedAt: new Date('2026-06-16T12:00:00.000Z'),
      timeZone: 'America/Chicago',
      lang,
      t: (id, values) => catalogues.translate(lang, id, values),
    }).html;
  /** The Deal section's terms and lines as [label, value] pairs, and its paragraphs, as a reader sees them. */
  const dealOf = (page: string) => {
    const section = /<section><h2>(?:The deal|Угода)<\/h2>(.*?)<\/section>/.exec(page)?.[1] ?? '';
    const unescape = (text: string) => text.replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    const pairs = (pattern: RegExp) => [...section.matchAll(pattern)].map((match) => [unescape(match[1]!), unescape(match[2]!)]);
    return {
      terms: pairs(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g),
      lines: pairs(/<tr(?: class="total")?><td>(.*?)<\/td><td class="amount">(.*?)<\/td><\/tr>/g),
      paragraphs: [...section.matchAll(/<p class="[^"]*">(.*?)<\/p>/g)].map((match) => unescape(match[1]!)),
    };
  };

  it('prints no Deal section for an application made without a deal', () => {
    expect(printed(null)).not.toContain('<h2>Deal</h2>');
  });

  it('itemises a financed deal as the car page did: its terms, every line, and the finance disclosure', () => {
    const deal = TEST_DEALS.finance();
    if (deal.quote.type !== 'finance') throw new Error('not finance');
    const { quote } = deal;
    const { terms, lines, paragraphs } = dealOf(printed(deal));
    expect(terms).toEqual([
      ['Type of deal', 'Finance'],
      ['ZIP code', '75201'],
      ['State', 'Texas'],
      ['Credit tier chosen', 'Excellent 720+'],
      ['Term', '72 months'],
      ['APR', '5.99%'],
      ['Priced under deal settings version', '1'],
    ]);
    expect(lines).toEqual([
      ['Price', '$30,000.00'],
      ['Doc fee', '$499.00'],
      ['Government fees (title, registration)', '$350.00'],
      ['GAP protection', '$795.00'],
      ['Rebate: Spring rebate', '-$500.00'],
      ['Trade-in allowance', '$8,000.00'],
      ['Trade-in payoff', '$5,000.00'],
      ['Trade-in equity', '$3,000.00'],
      ['Taxable amount', '$22,499.00'],
      ['Tax (6.25%)', '$1,406.19'],
      ['Cash down', '$2,000.00'],
      ['Amount financed', formatCents(quote.amountFinancedCents)],
      ['Number of payments', '72'],
      ['Monthly payment', formatCents(quote.paymentCents)],
      ['Total of payments', formatCents(quote.totalOfPaymentsCents)],
      ['Finance charge', formatCents(quote.financeChargeCents)],
    ]);
    expect(paragraphs).toEqual([
      `$5,000 down, 72 monthly payments of ${formatCents(quote.paymentCents)} at 5.99% APR. Total of payments ${formatCents(quote.totalOfPaymentsCents)}.`,
      'Estimate only. Your actual rate and payment depend on credit approval.',
    ]);
  });

  it('itemises a lease with its money factor, miles, residual, what is due at signing and the lease disclosures', () => {
    const deal = TEST_DEALS.lease();
    if (deal.quote.type !== 'lease') throw new Error('not lease');
    const { quote } = deal;
    const { terms, lines, paragraphs } = dealOf(printed(deal));
    expect(terms).toEqual([
      ['Type of deal', 'Lease'],
      ['ZIP code', '75201'],
      ['State', 'Texas'],
      ['Credit tier chosen', 'Good 660–719'],
      ['Term', '36 months'],
      ['Money factor', '0.0029'],
      ['Miles a year', '12,000 mi'],
      ['Priced under deal settings version', '1'],
    ]);
    expect(lines.map(([label]) => label)).toEqual([
      'Price',
      'MSRP',
      'Doc fee',
      'Government fees (title, registration)',
      'Acquisition fee',
      'Rebate: Spring rebate',
      'Taxable amount',
      'Tax (6.25%)',
      'Cash down',
      'Gross capitalized cost',
      'Capitalized cost reduction',
      'Adjusted capitalized cost',
      'Residual value (56% of MSRP)',
      'Depreciation a month',
      'Rent charge a month',
      'Base monthly payment',
      'Monthly tax',
      'Monthly payment',
      'Number of payments',
      'Tax due at signing',
      'Due at signing',
      'Total of payments',
      'Disposition fee at the end',
      'Excess mileage charge a mile',
    ]);
    expect(Object.fromEntries(lines)).toMatchObject({
      MSRP: '$32,500.00',
      'Residual value (56% of MSRP)': '$18,200.00',
      'Capitalized cost reduction': formatCents(-quote.capCostReductionCents),
      'Due at signing': formatCents(quote.dueAtSigningCents),
      'Excess mileage charge a mile': '$0.25',
    });
    expect(paragraphs[0]).toBe(
      `Lease: ${formatCents(quote.dueAtSigningCents)} due at signing, 36 monthly payments of ${formatCents(quote.paymentCents)}. ` +
        'No security deposit. At the end: $395 disposition fee and $0.25 a mile over 36,000 miles.',
    );
  });

  it('itemises a cash deal with the amount due, and no credit tier, term or payment disclosure', () => {
    const deal = TEST_DEALS.cash();
    if (deal.quote.type !== 'cash') throw new Error('not cash');
    const { terms, lines, paragraphs } = dealOf(printed(deal));
    expect(terms.map(([label]) => label)).toEqual(['Type of deal', 'ZIP code', 'State', 'Priced under deal settings version']);
    expect(lines.at(-1)).toEqual(['Amount due', formatCents(deal.quote.amountDueCents)]);
    expect(paragraphs).toEqual(['Estimate only. Your actual rate and payment depend on credit approval.']);
  });

  it('says tax and government fees are not included in a state the dealer has no tax rule for', () => {
    const { lines, paragraphs } = dealOf(printed(testApplicationDeal({ type: 'cash', zip: '98101' })));
    expect(Object.fromEntries(lines)).toMatchObject({
      'Government fees (title, registration)': 'Not included: we confirm it for Washington.',
      Tax: 'Not included: we confirm it for Washington.',
    });
    expect(paragraphs[0]).toBe('Tax and government fees are not included: we confirm them for Washington.');
  });

  it('prints the deal in the document’s language, the dealer’s names of its products included', () => {
    const { terms, lines } = dealOf(printed(TEST_DEALS.finance(), 'uk'));
    expect(terms[0]).toEqual(['Вид угоди', 'Кредит']);
    expect(lines.map(([label]) => label)).toContain('Захист GAP');
  });
});
