import { applicationRecord } from '../../domain/test-fixtures.ts';
import type { PrintableApplication } from '../src/applications/application-document.ts';

/** The application as staff print it, from the domain's record fixture, without a car or a deal unless given. */
export function printableApplication(overrides: Partial<PrintableApplication> = {}): PrintableApplication {
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
