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
    documents: [],
    consents: [],
    history: [],
    regBDueAt: '2026-07-15T12:00:00.000Z',
    regBDaysLeft: 30,
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
