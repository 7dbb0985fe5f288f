import * as v from 'valibot';

/**
 * C0 and C1 control characters and DEL. No field we accept is more than one line of text, and
 * PostgreSQL refuses NUL outright (error 22021), so these never get past a schema.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole job
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;

// eslint-disable-next-line no-control-regex -- as above, without tab (09) and line feed (0A)
const CONTROL_CHARACTER_BUT_LINE_BREAK = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/**
 * The control-character rule for every text we store: a one-line field takes none; a field of
 * paragraphs or a list (`lines`: a car's description, an FAQ answer, a staff note) takes tab and
 * line feed, after normalizeLineBreaks has made every line break a line feed.
 */
export const hasNoControlCharacters = (text: string, kind: 'line' | 'lines' = 'line'): boolean =>
  !(kind === 'lines' ? CONTROL_CHARACTER_BUT_LINE_BREAK : CONTROL_CHARACTER).test(text);

/** Text pasted from Windows carries CR LF, and old Mac text CR: one kind of line break (LF) is stored. */
export const normalizeLineBreaks = (text: string): string => text.replace(/\r\n?/g, '\n');

/**
 * Characters as the database's length() counts them, in code points (String#length counts UTF-16
 * units, two for an emoji), so a text a schema accepts is never one a CHECK constraint refuses.
 */
export const characterCount = (text: string): number => [...text].length;

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
