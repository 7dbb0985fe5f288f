import { describe, expect, it } from 'vitest';
import { applicationRecord } from '../../../domain/test-fixtures.ts';
import { applicationDocument, type PrintableApplication } from './application-document.ts';

/** The application as staff print it, from the domain's record fixture. */
function printable(overrides: Partial<PrintableApplication> = {}): PrintableApplication {
  const { ssn, submittedAt: _submitted, updatedAt: _updated, ...record } = applicationRecord();
  return {
    ...record,
    ssn,
    ssnMasked: '***-**-6789',
    submittedAt: '2026-06-15T12:00:00.000Z',
    updatedAt: '2026-06-15T12:00:00.000Z',
    car: null,
    deal: null,
    offers: [],
    documents: [],
    consents: [],
    history: [],
    regBDueAt: '2026-07-15T12:00:00.000Z',
    regBDaysLeft: 30,
    lenderDelivery: { state: 'not_configured' },
    lenderReference: null,

    assignee: null,
    firstResponseAt: null,
    firstResponseMinutes: null,

    erasedAt: null,

    adverseActionNotice: null,
    ...overrides,
  };
}

const html = (application: PrintableApplication) =>
  applicationDocument({
    application,
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
    const text = html(printable({ previousEmployment: null, noPreviousEmployment: true }));
    expect(text).toContain('Previous Employment');
    expect(text).toContain('None: the applicant declared no job before the current one.');
  });

  it('prints no previous employment section when none was asked for', () => {
    const text = html(printable({ previousEmployment: null, noPreviousEmployment: false }));
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
      printable({ consentGiven: true, consents: [given('credit_check'), given('privacy_notice'), given('electronic_records')] }),
    );
    expect(text).not.toContain('Consent Given');
    expect(text).toMatch(/Marketing contact<\/td><td class="nowrap">—<\/td><td class="nowrap">Declined<\/td>/);
    expect(text.match(/2026-11-01/g)).toHaveLength(3);
  });

  it('shows a blank additional income as a dash, not "$0"', () => {
    const text = html(printable({ otherIncomeSource: null, otherIncomeAmount: 0 }));
    expect(text).toContain('<dt>Additional Income Amount</dt><dd>—</dd>');
    expect(text).not.toContain('$0<');
  });
});

describe('the PDF of an application whose personal data was erased', () => {
  const erased = () =>
    html(
      printable({
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
