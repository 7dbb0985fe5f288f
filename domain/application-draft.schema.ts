import * as v from 'valibot';
import { validationMessages as m } from './messages.ts';
import { createEmptyApplicationDraft } from './wizard.schema.ts';

/**
 * A wizard draft as saved on the server (save and resume on any device, docs/product/application-wizard.md#drafts): the shape of the
 * client-side draft, with every step possibly incomplete. Only the shape is checked: the
 * keys come from the wizard's empty draft, every field is optional and holds text, a number or
 * null; each step's rules run when the step is submitted, not here. An unknown top-level key is
 * refused; unknown keys inside a step are dropped, so an older or newer client's extra field does
 * not lose the applicant's work.
 */

type EmptyDraft = ReturnType<typeof createEmptyApplicationDraft>;

/** One field of a saved draft: whatever the form holds before validation. */
export type SavedDraftValue = string | number | null;

type SavedFields<T> = { [K in keyof T]?: T[K] extends string ? SavedDraftValue : SavedFields<T[K]> };

/** The saved draft: every step and field optional. */
export type SavedDraft = SavedFields<EmptyDraft>;

const savedValue = v.union([v.string(m.invalidValue), v.number(m.invalidValue), v.null()], m.invalidValue);

type Template = { readonly [key: string]: string | Template };

function fieldsOf(template: Template): Record<string, v.GenericSchema> {
  return Object.fromEntries(
    Object.entries(template).map(([key, value]) => [
      key,
      v.optional(typeof value === 'string' ? savedValue : v.object(fieldsOf(value), m.invalidValue)),
    ]),
  );
}

export const savedDraftSchema = v.strictObject(fieldsOf(createEmptyApplicationDraft()), m.invalidValue) as unknown as v.GenericSchema<
  SavedDraft,
  SavedDraft
>;
