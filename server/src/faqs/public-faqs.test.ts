import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { FaqItem } from '../../../domain/contracts/faqs.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { tmaHeaders } from '../../test/identity.ts';

describe.each(DATABASE_KINDS)('GET /api/faqs/public on %s', (kind) => {
  const t = useTestApp(kind, { seed: true });

  it('answers the FAQs of the asked language, newest first', async () => {
    const newest = await t.db
      .insertInto('faqs')
      .values({
        question: 'Brand new question?',
        answer: 'A fresh answer.',
        url: null,
        lang: 'es',
        created_at: new Date('2030-01-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const res = await t.app.inject('/api/faqs/public?lang=es');
    expect(res.statusCode).toBe(200);
    const faqs = res.json<FaqItem[]>();
    expect(faqs.length).toBeGreaterThan(1);
    expect(faqs.every((faq) => faq.lang === 'es')).toBe(true);
    expect(faqs[0]).toEqual({
      id: newest.id,
      question: 'Brand new question?',
      answer: 'A fresh answer.',
      url: null,
      lang: 'es',
      createdAt: '2030-01-01T00:00:00.000Z',
    });
    const dates = faqs.map((faq) => Date.parse(faq.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('keeps languages apart', async () => {
    const uk = (await t.app.inject('/api/faqs/public?lang=uk')).json<FaqItem[]>();
    const en = (await t.app.inject('/api/faqs/public?lang=en')).json<FaqItem[]>();
    expect(uk.length).toBeGreaterThan(0);
    expect(uk.every((faq) => faq.lang === 'uk')).toBe(true);
    expect(en.every((faq) => faq.lang === 'en')).toBe(true);
    expect(en.map((faq) => faq.question)).not.toEqual(uk.map((faq) => faq.question));
  });

  it.each(['?lang=en&lang=uk', "?lang=en'--", `?lang=${'x'.repeat(40)}`])(
    'rejects a malformed language %j with 400 in plain words',
    async (query) => {
      const res = await t.app.inject(`/api/faqs/public${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error).toMatchObject({
        code: 'bad_request',
        fields: { lang: 'lang must be a language code such as en or uk' },
      });
    },
  );

  it.each(['', '?lang=', '?lang=de', '?lang=pt-BR'])('falls back to English for a missing or unsupported language %j', async (query) => {
    const res = await t.app.inject(`/api/faqs/public${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<FaqItem[]>().every((faq) => faq.lang === 'en')).toBe(true);
  });

  it('reads a language tag as Telegram sends it', async () => {
    const res = await t.app.inject('/api/faqs/public?lang=UK-ua');
    expect(res.json<FaqItem[]>().every((faq) => faq.lang === 'uk')).toBe(true);
  });

  it("uses the signed-in user's language when none is asked for", async () => {
    const res = await t.app.inject({ url: '/api/faqs/public', headers: tmaHeaders({ id: 8301, language_code: 'es' }) });
    expect(res.json<FaqItem[]>().every((faq) => faq.lang === 'es')).toBe(true);
  });

  it('needs no sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/faqs/public?lang=ru', headers: { cookie: '' } });
    expect(res.statusCode).toBe(200);
  });
});
