import { get, set, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { getFieldErrors } from '../../../../domain/contracts/errors.ts';
import { parseNumber } from '../../../../domain/format.ts';
import {
  DEFAULT_VISIT_SETTINGS,
  visitSettingsSchema,
  WEEKDAYS,
  type VisitSettings,
  type Weekday,
} from '../../../../domain/visits/visit-settings.ts';

/**
 * The visiting hours as the staff form holds them (docs/product/visits.md#settings): each weekday
 * open or closed with its two times, the closed dates, and every number as the text typed. The keys
 * follow the settings' own, so an error's path from the schema or the API is its field's path; the
 * key order is the page's order, which the error summary follows.
 */

export interface DayHoursForm {
  isOpen: boolean;
  open: string;
  close: string;
}

export interface VisitSettingsForm {
  hours: Record<Weekday, DayHoursForm>;
  /** YYYY-MM-DD, earliest first. */
  closedDates: string[];
  slotMinutes: string;
  capacity: string;
  minNoticeMinutes: string;
  horizonDays: string;
}

type VisitSettingsInput = v.InferInput<typeof visitSettingsSchema>;

/** A closed day keeps the usual hours in its fields, ready for when it opens. */
const USUAL_HOURS = DEFAULT_VISIT_SETTINGS.hours.mon ?? { open: '09:00', close: '19:00' };

export function toFormValues(settings: VisitSettings): VisitSettingsForm {
  const hours = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const open = settings.hours[day];
      return [day, open ? { isOpen: true, ...open } : { isOpen: false, ...USUAL_HOURS }];
    }),
  ) as Record<Weekday, DayHoursForm>;
  return {
    hours,
    closedDates: [...settings.closedDates].sort(),
    slotMinutes: String(settings.slotMinutes),
    capacity: String(settings.capacity),
    minNoticeMinutes: String(settings.minNoticeMinutes),
    horizonDays: String(settings.horizonDays),
  };
}

/** Typed text as a number: NaN for empty or unreadable text, which the schema refuses with its own message. */
const toNumber = (text: string) => parseNumber(text) ?? Number.NaN;

/** The settings the form says, for visitSettingsSchema to judge: what it outputs is what PUT /api/visit-settings is sent. */
export function toSettingsInput(form: VisitSettingsForm): VisitSettingsInput {
  return {
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => {
        const { isOpen, open, close } = form.hours[day];
        return [day, isOpen ? { open, close } : null];
      }),
    ) as VisitSettingsInput['hours'],
    closedDates: form.closedDates,
    slotMinutes: toNumber(form.slotMinutes),
    capacity: toNumber(form.capacity),
    minNoticeMinutes: toNumber(form.minNoticeMinutes),
    horizonDays: toNumber(form.horizonDays),
  };
}

/** Errors about a group rather than one input: every day closed, or the closed dates (one of them or the list). */
const GROUP_PATH = /^(hours|closedDates)(?:\.\d+)?$/;

/**
 * Where the form keeps an error the schema or the API names (the API's start with `settings.`): a
 * group's under its `.root` (where the form library keeps a group's own error, though its path type
 * names no such key); anything the form has no field for under `root.other`, shown above the form.
 */
export function errorKey(errorPath: string, values: VisitSettingsForm): FieldPath<VisitSettingsForm> | 'root.other' {
  const path = errorPath.replace(/^settings(?:\.|$)/, '');
  const group = GROUP_PATH.exec(path);
  if (group) return `${group[1]}.root` as FieldPath<VisitSettingsForm>;
  return path === '' || get(values, path) === undefined ? 'root.other' : (path as FieldPath<VisitSettingsForm>);
}

/** The path an error is shown under: a group's own, else the field's. */
export const shownPath = (key: string) => key.replace(/\.root$/, '');

/** A field's or a group's error message, where the form holds one. */
export const messageAt = (node: unknown): string | undefined => {
  const message: unknown = typeof node === 'object' && node !== null && 'message' in node ? node.message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

/** The form judged by the schema the API judges with (one source of truth); what passes is the settings to send. */
export const visitSettingsResolver: Resolver<VisitSettingsForm, unknown, VisitSettings> = (values) => {
  const result = v.safeParse(visitSettingsSchema, toSettingsInput(values));
  if (result.success) return { values: result.output, errors: {} };
  const errors: FieldErrors<VisitSettingsForm> = {};
  for (const [path, message] of Object.entries(getFieldErrors(result.issues))) {
    const key = errorKey(path, values);
    // The first issue of a field is its message, as the API answers it.
    if (messageAt(get(errors, key)) === undefined) set(errors, key, { type: 'validation', message });
  }
  return { values: {}, errors };
};

/** Every place an error can stand, in page order: the summary lists the open ones in this order. */
export const ERROR_PATHS = [
  'root.other',
  'hours.root',
  ...WEEKDAYS.flatMap((day) => [`hours.${day}.open`, `hours.${day}.close`]),
  'closedDates.root',
  'slotMinutes',
  'capacity',
  'minNoticeMinutes',
  'horizonDays',
] as const;

/** The id of a field's input, or of a group's error. */
export const fieldId = (path: string) => `visit-settings-${path.replace(/\./g, '-')}`;
