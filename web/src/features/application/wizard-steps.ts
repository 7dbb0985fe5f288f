import * as v from 'valibot';
import type { SavedDraft } from '../../../../domain/application-draft.schema.ts';
import { monthsField, yearsField } from '../../../../domain/fields.ts';
import { requiresPreviousHistory, toTotalMonths } from '../../../../domain/format.ts';
import {
  createEmptyApplicationDraft,
  createPersonalSchema,
  driverLicenseSchema,
  housingSchema,
  incomeSchema,
  type ApplicationDraftInput,
} from '../../../../domain/wizard.schema.ts';

/** The wizard's steps in order (docs/product/application-wizard.md#application-wizard); each is its own URL under /application. */
export const STEPS = ['personal', 'housing', 'income', 'license', 'review'] as const;
export type StepId = (typeof STEPS)[number];
export type FormStepId = Exclude<StepId, 'review'>;
export const FORM_STEPS: readonly FormStepId[] = ['personal', 'housing', 'income', 'license'];

/** English titles, also their message ids (docs/product/application-wizard.md#application-wizard). */
export const STEP_TITLES: Record<StepId, string> = {
  personal: 'Personal Information',
  housing: 'Housing',
  income: 'Income',
  license: 'Driver License Upload',
  review: 'Review Your Application',
};

/** Where each step keeps its values in the client draft (docs/product/application-wizard.md#drafts). */
export const DRAFT_SECTION = {
  personal: 'personal',
  housing: 'housing',
  income: 'income',
  license: 'driverLicense',
} as const satisfies Record<FormStepId, keyof ApplicationDraftInput>;

export const stepPath = (step: StepId) => `/application/${step}`;
export const stepNumber = (step: StepId) => STEPS.indexOf(step) + 1;
export const previousStep = (step: StepId): StepId | null => STEPS[STEPS.indexOf(step) - 1] ?? null;
export const nextStep = (step: StepId): StepId | null => STEPS[STEPS.indexOf(step) + 1] ?? null;

/** The id of a field's input: one step is on screen at a time, so the form path is unique. */
export const fieldId = (name: string) => `field-${name.replace(/\./g, '-')}`;

/** Each step's schema, built when asked so the age rule reads today's date. */
export function stepSchema(step: FormStepId) {
  switch (step) {
    case 'personal':
      return createPersonalSchema();
    case 'housing':
      return housingSchema;
    case 'income':
      return incomeSchema;
    case 'license':
      return driverLicenseSchema;
  }
}

/**
 * Whether the previous address or job is asked for (docs/product/application-wizard.md#housing, #income: under 2 years). As in the schemas,
 * only once years and months are both valid, so a typo does not open a section.
 */
export function needsPreviousHistory(years: unknown, months: unknown): boolean {
  const y = v.safeParse(yearsField, years);
  const m = v.safeParse(monthsField, months);
  return y.success && m.success && requiresPreviousHistory(toTotalMonths(y.output, m.output));
}

/** The first step whose saved values do not pass its rules, or null when all four do. */
export function firstInvalidStep(draft: ApplicationDraftInput): FormStepId | null {
  return FORM_STEPS.find((step) => !v.is(stepSchema(step), draft[DRAFT_SECTION[step]])) ?? null;
}

type Template = { readonly [key: string]: string | Template };
export type FormValues<T> = { [K in keyof T]: T[K] extends string ? string : FormValues<T[K]> };

/**
 * A step's form values: every field of the empty draft as text, filled from the saved section.
 * A saved draft may hold numbers (a server draft) or nothing at all for a field.
 */
function fill<T extends Template>(template: T, saved: unknown): FormValues<T> {
  const source = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {};
  const entries = Object.entries(template).map(([key, empty]) => {
    const value = source[key];
    if (typeof empty !== 'string') return [key, fill(empty, value)];
    return [key, typeof value === 'string' ? value : typeof value === 'number' ? String(value) : empty];
  });
  return Object.fromEntries(entries) as FormValues<T>;
}

const EMPTY = createEmptyApplicationDraft();
export type EmptyDraft = typeof EMPTY;

export function formValuesOf<K extends keyof Omit<EmptyDraft, 'carId'>>(section: K, saved: unknown): FormValues<EmptyDraft[K]> {
  return fill(EMPTY[section], saved);
}

/** The body of PUT /api/applications/draft: exactly the fields of the empty draft, as text. */
export function savedDraftOf(draft: ApplicationDraftInput): SavedDraft {
  return {
    carId: draft.carId ?? '',
    personal: formValuesOf('personal', draft.personal),
    housing: formValuesOf('housing', draft.housing),
    income: formValuesOf('income', draft.income),
    driverLicense: formValuesOf('driverLicense', draft.driverLicense),
  };
}

/** True when the applicant has typed anything at all into the draft (a chosen car alone is not an answer). */
export function hasAnswers(draft: ApplicationDraftInput): boolean {
  const filled = (value: unknown): boolean =>
    typeof value === 'number' ||
    (typeof value === 'string'
      ? value.trim() !== '' && value !== 'none'
      : typeof value === 'object' && value !== null && Object.values(value).some(filled));
  return FORM_STEPS.some((step) => filled(draft[DRAFT_SECTION[step]]));
}

// The wire paths of POST /api/applications (application.applicant.*) by the step that asks for them.
const PERSONAL_FIELDS = ['firstName', 'lastName', 'suffix', 'phone', 'ssn', 'dateOfBirth', 'email', 'maritalStatus'];
const HOUSING_FIELDS = ['monthsAtCurrentAddress', 'housingStatus', 'mortgageOrRentAmount', 'address', 'previousAddress'];

/** The step that holds a field the server refused, from its dot path in the submission. */
export function stepOfSubmissionField(path: string): StepId {
  if (path.startsWith('images')) return 'license';
  const applicant = /^application\.applicant\.([^.]+)/.exec(path)?.[1];
  if (applicant === undefined) return 'review';
  if (PERSONAL_FIELDS.includes(applicant)) return 'personal';
  if (HOUSING_FIELDS.includes(applicant)) return 'housing';
  return 'income';
}
