import { describe, expect, it } from 'vitest';
import { CONSENTS } from '../../../domain/consents.ts';
import type { ConsentsAnswer } from '../../../domain/contracts/applications.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { useTestApp } from '../../test/app.ts';

const URL = '/api/applications/consents';
const DEALER = 'Prairie Motors Finance';

/** A word of each translation of the credit-check authorisation, to tell the languages apart. */
const CREDIT_CHECK_WORD = { en: 'I authorize', uk: 'Я уповноважую', es: 'Autorizo', ru: 'Я уполномочиваю' } as const;

// The texts come from domain/ and the catalogues, not from the database: one database kind is enough.
describe('application consent texts', () => {
  const t = useTestApp('pglite', { env: { COMPANY_NAME: DEALER } });

  const consents = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${URL}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ConsentsAnswer>();
  };
  const textOf = (answer: ConsentsAnswer, kind: string) => answer.find((consent) => consent.kind === kind)?.text ?? '';

  it('lists the four kinds with their versions and required flags, in order', async () => {
    expect((await consents('?lang=en')).map(({ kind, version, required }) => ({ kind, version, required }))).toEqual([
      { kind: 'credit_check', version: '2026-11-01', required: true },
      { kind: 'privacy_notice', version: '2026-11-01', required: true },
      { kind: 'electronic_records', version: '2026-11-01', required: true },
      { kind: 'marketing_contact', version: '2026-11-01', required: false },
    ]);
  });

  it('sends the versions domain/ declares', async () => {
    expect((await consents()).map((consent) => consent.version)).toEqual(CONSENTS.map((consent) => consent.version));
  });

  it.each(Object.entries(CREDIT_CHECK_WORD))('answers in %s, naming the dealer in every text', async (lang, word) => {
    const answer = await consents(`?lang=${lang}`);
    expect(textOf(answer, 'credit_check')).toContain(word);
    for (const consent of answer) {
      expect(consent.text).toContain(DEALER);
      expect(consent.text).not.toContain('{company}');
    }
  });

  it('gives different texts in different languages', async () => {
    const texts = await Promise.all(
      Object.keys(CREDIT_CHECK_WORD).map(async (lang) => textOf(await consents(`?lang=${lang}`), 'privacy_notice')),
    );
    expect(new Set(texts).size).toBe(4);
  });

  it('sends the English texts of domain/ in English', async () => {
    expect((await consents('?lang=en')).map((consent) => consent.text)).toEqual(
      CONSENTS.map((consent) => consent.text.replace('{company}', DEALER)),
    );
  });

  it.each(['', '?lang=', '?lang=de', '?lang=xx-YY', '?lang=%20'])('falls back to English for %j', async (query) => {
    expect(textOf(await consents(query), 'credit_check')).toMatch(/^I authorize Prairie Motors Finance,/);
  });

  it.each([
    ['uk-UA', 'uk'],
    ['es-MX', 'es'],
    ['RU', 'ru'],
  ] as const)('reads %s as %s', async (tag, lang) => {
    expect(textOf(await consents(`?lang=${tag}`), 'credit_check')).toContain(CREDIT_CHECK_WORD[lang]);
  });

  it('refuses a repeated lang parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${URL}?lang=en&lang=uk` });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.code).toBe('bad_request');
  });

  it('lets shared caches keep the answer, which is the same for everyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${URL}?lang=es` });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});
