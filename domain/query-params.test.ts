import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { languageParam, rowIdParam } from './query-params.ts';

const lang = v.object({ lang: languageParam() });

describe('the lang query parameter', () => {
  it.each([
    ['uk', 'uk'],
    ['uk-UA', 'uk'],
    ['ES_mx', 'es'],
    ['de', 'en'],
  ])('reads %s as %s', (tag, language) => {
    expect(v.parse(lang, { lang: tag })).toEqual({ lang: language });
  });

  it.each([{}, { lang: '' }, { lang: '  ' }])('leaves the fallback to the caller when it is absent or blank: %j', (query) => {
    expect(v.parse(lang, query).lang).toBeUndefined();
  });

  it.each(["en'--", 'x'.repeat(40), ['en', 'uk']])('refuses %j, saying what a language code looks like', (value) => {
    expect(v.safeParse(lang, { lang: value }).issues?.[0]?.message).toBe('lang must be a language code such as en or uk');
  });
});

describe('row ids', () => {
  const id = rowIdParam('id');

  it.each([
    [7, 7],
    ['42', 42],
    [' 9 ', 9],
    [2 ** 31 - 1, 2 ** 31 - 1],
  ])('reads %j as the id %d', (input, expected) => {
    expect(v.parse(id, input)).toBe(expected);
  });

  it.each([0, -1, 1.5, '1e3', 'abc', '', 2 ** 31, '99999999999', null])('refuses %j, naming the parameter', (input) => {
    const result = v.safeParse(id, input);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('id must be an id (a whole number of at least 1)');
  });
});
