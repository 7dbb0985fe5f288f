import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CONSENT_KINDS, CONSENTS, type ConsentKind, consentAcceptancesSchema, type ConsentTerms, findConsentProblems } from './consents.ts';
import { validationMessages } from './messages.ts';
import { errorsOf } from './test-fixtures.ts';

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

  it.each(CONSENTS.map((consent) => [consent.kind, consent] as const))(
    '%s has a dated version and names the dealer once',
    (_kind, consent) => {
      expect(consent.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(consent.text.match(/\{company\}/g)).toEqual(['{company}']);
      // Message ids are ICU messages: no other placeholder, no apostrophe that could start a quote.
      expect(consent.text.match(/[{}']/g)?.length).toBe(2);
    },
  );
});

describe('consents given with an application', () => {
  const given = (...kinds: ConsentKind[]) =>
    CONSENTS.filter((consent) => kinds.includes(consent.kind)).map(({ kind, version }) => ({ kind, version }));

  it('finds nothing in the way when every required consent is given for the current text', () => {
    expect(findConsentProblems(given('credit_check', 'privacy_notice', 'electronic_records'))).toEqual({ missing: [], outdated: [] });
  });

  it('names each required consent left out, with the message that asks for it', () => {
    expect(findConsentProblems(given('privacy_notice')).missing).toEqual([
      { kind: 'credit_check', message: validationMessages.creditCheckConsentRequired },
      { kind: 'electronic_records', message: validationMessages.electronicRecordsConsentRequired },
    ]);
  });

  it('never asks for the optional marketing consent', () => {
    expect(
      findConsentProblems(given('credit_check', 'privacy_notice', 'electronic_records')).missing.map((problem) => problem.kind),
    ).not.toContain('marketing_contact');
  });

  it('asks with the general message for a required consent that has none of its own', () => {
    const terms: ConsentTerms[] = [{ kind: 'marketing_contact', version: 'v1', required: true, text: '{company}' }];
    expect(findConsentProblems([], terms).missing).toEqual([{ kind: 'marketing_contact', message: validationMessages.consentRequired }]);
  });

  it('finds a consent given for an older version of its text', () => {
    const accepted = given('credit_check', 'privacy_notice', 'electronic_records', 'marketing_contact').map((consent) =>
      consent.kind === 'marketing_contact' ? { ...consent, version: '2020-01-01' } : consent,
    );
    expect(findConsentProblems(accepted).outdated).toEqual(['marketing_contact']);
  });

  it('accepts each kind once with a version, and refuses a repeated kind', () => {
    expect(v.safeParse(consentAcceptancesSchema, given('credit_check')).success).toBe(true);
    expect(errorsOf(consentAcceptancesSchema, [...given('credit_check'), ...given('credit_check')])).toEqual({
      '': validationMessages.consentRepeated,
    });
    expect(errorsOf(consentAcceptancesSchema, [{ kind: 'credit_check', version: ' ' }])).toEqual({
      '0.version': validationMessages.invalidValue,
    });
    expect(errorsOf(consentAcceptancesSchema, [{ kind: 'newsletter', version: '1' }])).toEqual({
      '0.kind': validationMessages.chooseOption,
    });
  });
});
