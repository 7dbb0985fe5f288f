import * as v from 'valibot';
import { toSupportedLanguage } from './enums.ts';
import { plainText } from './text.ts';

/**
 * Building blocks for list filters, shared by the car catalogue, the users list and the audit log.
 * Query values arrive as text (numbers and booleans too when a client builds the object itself);
 * a repeated parameter arrives as an array and is refused; an empty value means "not given"
 * (docs/product/api.md#api: filters are sent only when non-empty, so a blank one must not narrow the list).
 */

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalParam = <S extends v.GenericSchema>(schema: S, message: string) =>
  v.optional(v.pipe(v.unknown(), v.transform(blankToUndefined), v.union([v.undefined(), schema], message)));

export const wholeNumberParam = (min: number, max: number, message: string) =>
  optionalParam(
    v.pipe(
      v.union([v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,15}$/, message), v.transform(Number)), v.number(message)], message),
      v.integer(message),
      v.minValue(min, message),
      v.maxValue(max, message),
    ),
    message,
  );

/** Optional one-line text such as a search term; control characters are refused, naming the parameter. */
export const textParam = (name: string, maxLength: number) => optionalParam(plainText(name, maxLength), `${name} must be text`);

export const choiceParam = <const T extends readonly [string, ...string[]]>(options: T, message: string) =>
  optionalParam(v.picklist(options, message), message);

export const booleanParam = (message: string) =>
  optionalParam(
    v.union(
      [
        v.boolean(),
        v.pipe(
          v.picklist(['true', 'false', '1', '0'], message),
          v.transform((s) => s === 'true' || s === '1'),
        ),
      ],
      message,
    ),
    message,
  );

/** page (from 1) and limit (1..maxLimit) as optional parameters; callers apply their defaults. */
export const pagingParams = (maxLimit: number) => ({
  page: wholeNumberParam(1, 1_000_000, 'page must be a whole number of at least 1'),
  limit: wholeNumberParam(1, maxLimit, `limit must be a whole number from 1 to ${maxLimit}`),
});

const LANGUAGE_TAG = /^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/;
const LANGUAGE_MESSAGE = 'lang must be a language code such as en or uk';

/**
 * `lang`: a language tag as browsers and Telegram send it ('uk-UA'), read by the rule of docs/product/identity.md#languages: a
 * supported language is used, any other tag is en. Absent or blank is undefined, so each route
 * decides its own fallback; what is not a language tag at all is refused.
 */
export const languageParam = () =>
  optionalParam(
    v.pipe(
      v.string(LANGUAGE_MESSAGE),
      v.trim(),
      v.maxLength(35, LANGUAGE_MESSAGE),
      v.regex(LANGUAGE_TAG, LANGUAGE_MESSAGE),
      v.transform((tag: string) => toSupportedLanguage(tag)),
    ),
    LANGUAGE_MESSAGE,
  );

const MAX_ROW_ID = 2 ** 31 - 1;

/**
 * A row id, in a path or a body: a whole number from 1 to 2^31 - 1 (a PostgreSQL integer), as a
 * number or as text. Anything else names no row and must not reach a query.
 */
export const rowIdParam = (name: string) => {
  const message = `${name} must be an id (a whole number of at least 1)`;
  return v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,10}$/, message))], message),
    v.transform(Number),
    v.safeInteger(message),
    v.minValue(1, message),
    v.maxValue(MAX_ROW_ID, message),
  );
};
