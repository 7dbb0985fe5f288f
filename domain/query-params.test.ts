import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { languageParam } from './query-params.ts';

const lang = v.object({ lang: languageParam() });

describe('the lang query parameter', () => {
  it.each([
    ['uk', 'uk'],
    ['uk-UA', 'uk'],
    ['ES_mx', 'es'],
    ['de', 'en'],
  ])('reads %s as %s (spec §4)', (tag, language) => {
    expect(v.parse(lang, { lang: tag })).toEqual({ lang: language });
  });

  it.each([{}, { lang: '' }, { lang: '  ' }])('leaves the fallback to the caller when it is absent or blank: %j', (query) => {
    expect(v.parse(lang, query).lang).toBeUndefined();
  });

  it.each(["en'--", 'x'.repeat(40), ['en', 'uk']])('refuses %j, saying what a language code looks like', (value) => {
    expect(v.safeParse(lang, { lang: value }).issues?.[0]?.message).toBe('lang must be a language code such as en or uk');
  });
});
