import * as v from 'valibot';

/**
 * C0 and C1 control characters and DEL. No field we accept is more than one line of text, and
 * PostgreSQL refuses NUL outright (error 22021), so these never get past a schema.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole job
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;

export const hasNoControlCharacters = (text: string): boolean => !CONTROL_CHARACTER.test(text);

/** A valibot check that refuses control characters, for any text that reaches storage or SQL. */
export const withoutControlCharacters = (message: string) => v.check(hasNoControlCharacters, message);

/** Plain one-line text of at most `maxLength` characters, trimmed, named in its error messages. */
export const plainText = (name: string, maxLength: number) =>
  v.pipe(
    v.string(`${name} must be text`),
    v.trim(),
    v.maxLength(maxLength, `${name} must be at most ${maxLength} characters`),
    withoutControlCharacters(`${name} must not contain control characters`),
  );
