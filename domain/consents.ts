import * as v from 'valibot';
import { MAX_NAME_LENGTH } from './constants.ts';
import { type ValidationMessage, validationMessages as m } from './messages.ts';

/**
 * The consents the application's review step asks for (docs/product/application-wizard.md#review-and-submit), kept here once: the kinds of the
 * application_consents table, whether each is required to submit, the version of its text, and the
 * English text itself. The text is also its Lingui message id (locales/<lang>/messages.po), with
 * `{company}` standing for the dealer's name. A submitted consent is stored with its kind and
 * version, so changing a text means giving it a new version (and new translations).
 */

export const CONSENT_KINDS = ['credit_check', 'privacy_notice', 'electronic_records', 'marketing_contact'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export interface ConsentTerms {
  readonly kind: ConsentKind;
  /** The date the text took effect; stored beside every acceptance. */
  readonly version: string;
  /** Required consents must all be given before an application can be submitted. */
  readonly required: boolean;
  /** The English text and message id; `{company}` is the dealer's name. */
  readonly text: string;
  /** What a required consent's checkbox says when it is left unticked. */
  readonly missingMessage?: ValidationMessage;
}

export const CONSENTS: readonly ConsentTerms[] = [
  {
    kind: 'credit_check',
    version: '2026-11-01',
    required: true,
    missingMessage: m.creditCheckConsentRequired,
    text: 'I authorize {company}, and the lenders to which it sends my application, to obtain my consumer credit report and to verify the information I provide, in order to evaluate my application for credit.',
  },
  {
    kind: 'privacy_notice',
    version: '2026-11-01',
    required: true,
    missingMessage: m.privacyNoticeConsentRequired,
    text: 'I acknowledge that I have received the {company} Privacy Notice, which explains how my nonpublic personal information is collected, shared and protected under the Gramm-Leach-Bliley Act.',
  },
  {
    kind: 'electronic_records',
    version: '2026-11-01',
    required: true,
    missingMessage: m.electronicRecordsConsentRequired,
    text: 'Under the federal E-SIGN Act, I agree to receive disclosures, notices and other records about this application electronically and to sign documents electronically. I can open and keep electronic records on this device, and I may withdraw this consent or ask for paper copies by contacting {company}.',
  },
  {
    kind: 'marketing_contact',
    version: '2026-11-01',
    required: false,
    text: 'I agree that {company} may contact me by phone, text message or email about vehicle offers and promotions. This consent is not a condition of any purchase or credit, and I may opt out at any time.',
  },
];

/** One accepted consent as the application carries it: the kind and the version of the text the applicant read. */
export const consentAcceptanceSchema = v.object(
  {
    kind: v.picklist(CONSENT_KINDS, m.chooseOption),
    version: v.pipe(v.string(m.invalidValue), v.trim(), v.nonEmpty(m.invalidValue), v.maxLength(MAX_NAME_LENGTH, m.tooLong50)),
  },
  m.invalidValue,
);

/** The consents of a submission: each kind at most once. */
export const consentAcceptancesSchema = v.pipe(
  v.array(consentAcceptanceSchema, m.invalidValue),
  v.check((accepted) => new Set(accepted.map((consent) => consent.kind)).size === accepted.length, m.consentRepeated),
);

export type ConsentAcceptance = v.InferOutput<typeof consentAcceptanceSchema>;

export interface ConsentProblems {
  /** Required consents not given, each with the message that asks for it. */
  readonly missing: ReadonlyArray<{ kind: ConsentKind; message: ValidationMessage }>;
  /** Consents given for a text that has since changed: the applicant must read the new one. */
  readonly outdated: readonly ConsentKind[];
}

/** What stands between these acceptances and a submission: required consents missing, and outdated versions. */
export function findConsentProblems(accepted: readonly ConsentAcceptance[], terms: readonly ConsentTerms[] = CONSENTS): ConsentProblems {
  const versions = new Map(accepted.map((consent) => [consent.kind, consent.version]));
  const missing = terms
    .filter(({ kind, required }) => required && !versions.has(kind))
    .map(({ kind, missingMessage }) => ({ kind, message: missingMessage ?? m.consentRequired }));
  const outdated = terms.filter(({ kind, version }) => versions.has(kind) && versions.get(kind) !== version).map(({ kind }) => kind);
  return { missing, outdated };
}
