import { describe, expect, it } from 'vitest';
import { CONSENT_KINDS, CONSENTS } from './consents.ts';

describe('consents', () => {
  it('has one text for every kind of the application_consents table, in order', () => {
    expect(CONSENTS.map((consent) => consent.kind)).toEqual([...CONSENT_KINDS]);
  });

  it.each([
    ['credit_check', true],
    ['privacy_notice', true],
    ['electronic_records', true],
    ['marketing_contact', false],
  ] as const)('%s required: %s', (kind, required) => {
    expect(CONSENTS.find((consent) => consent.kind === kind)?.required).toBe(required);
  });

  it.each(CONSENTS.map((consent) => [consent.kind, consent] as const))('%s has a dated version and names the dealer once', (_kind, consent) => {
    expect(consent.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(consent.text.match(/\{company\}/g)).toEqual(['{company}']);
    // Message ids are ICU messages: no other placeholder, no apostrophe that could start a quote.
    expect(consent.text.match(/[{}']/g)?.length).toBe(2);
  });
});
