import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { FaqItem, FaqPage } from '../../../domain/contracts/faqs.ts';
import { faqMessages as m } from '../../../domain/faq.schema.ts';
import type { NewFaq } from '../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createGuest, createTelegramUser, injectAs, sessionCookie, type TestTelegramUser } from '../../test/identity.ts';

const ADMIN: TestTelegramUser = { id: 9501, first_name: 'Ada' };
const CUSTOMER: TestTelegramUser = { id: 9502, first_name: 'Carl' };

const query = (params: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return qs ? `?${qs}` : '';
};

const day = (n: number) => new Date(Date.UTC(2025, 0, n));

describe.each(DATABASE_KINDS)('the staff FAQ list on %s', (kind) => {
  const t = useTestApp(kind);
  const ids: Record<string, number> = {};

  const list = async (params: Record<string, string | number> = {}) => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/faqs${query(params)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FaqPage>();
  };
  const questions = async (params: Record<string, string | number>) =>
    (await list({ limit: 100, ...params })).items.map((faq) => faq.question);

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    const fixture: Record<string, NewFaq> = {
      apply: {
        question: 'How do I apply for a loan?',
        answer: 'Fill in the application.',
        url: 'https://dealer.example/apply',
        lang: 'en',
        created_at: day(1),
      },
      cash: { question: 'Can I pay 100% upfront?', answer: 'Yes, CASH works.', url: null, lang: 'en', created_at: day(2) },
      leaseUk: {
        question: 'Чи можна взяти авто в лізинг?',
        answer: 'Так, ЛІЗИНГ можливий.',
        url: 'http://dealer.example/uk/lease',
        lang: 'uk',
        created_at: day(3),
      },
      leaseEs: { question: '¿Puedo arrendar?', answer: 'Sí.', url: null, lang: 'es', created_at: day(4) },
      leaseRu: { question: 'Можно ли в лизинг?', answer: 'Да.', url: 'https://DEALER.example/ru', lang: 'ru', created_at: day(5) },
      underscore: { question: 'about_underscores', answer: 'They are plain characters.', url: null, lang: 'en', created_at: day(5) },
    };
    await t.db.deleteFrom('faqs').execute();
    for (const [name, faq] of Object.entries(fixture)) {
      ids[name] = (await t.db.insertInto('faqs').values(faq).returning('id').executeTakeFirstOrThrow()).id;
    }
    for (let i = 1; i <= 9; i++) {
      await t.db
        .insertInto('faqs')
        .values({ question: `Filler question ${i}`, answer: 'Filler.', lang: 'es', created_at: new Date(Date.UTC(2024, 5, i)) })
        .execute();
    }
  });

  it('answers page 1 of 10 FAQs, newest first, by default', async () => {
    const body = await list();
    expect(body).toMatchObject({ page: 1, limit: 10, total: 15, totalPages: 2 });
    expect(body.items).toHaveLength(10);
    const dates = body.items.map((faq) => faq.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers each FAQ with its original field names', async () => {
    const [faq] = (await list({ question: 'apply' })).items;
    expect(faq).toEqual({
      id: ids.apply,
      question: 'How do I apply for a loan?',
      answer: 'Fill in the application.',
      url: 'https://dealer.example/apply',
      lang: 'en',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it('puts the later-added of two FAQs created at the same moment first', async () => {
    const [first, second] = (await list({ limit: 2 })).items;
    expect([first?.id, second?.id]).toEqual([ids.underscore, ids.leaseRu]);
  });

  it.each([
    ['question', 'LOAN', ['How do I apply for a loan?']],
    ['question', 'ЛІЗИНГ', ['Чи можна взяти авто в лізинг?']],
    ['answer', 'cash', ['Can I pay 100% upfront?']],
    ['answer', 'лізинг', ['Чи можна взяти авто в лізинг?']],
    ['url', 'DEALER.example', ['Можно ли в лизинг?', 'Чи можна взяти авто в лізинг?', 'How do I apply for a loan?']],
    ['url', '/uk/', ['Чи можна взяти авто в лізинг?']],
  ])('filters by %s containing %j, whatever the case', async (field, text, expected) => {
    expect(await questions({ [field]: text })).toEqual(expected);
  });

  it('filters by language', async () => {
    expect(await questions({ lang: 'en' })).toEqual(['about_underscores', 'Can I pay 100% upfront?', 'How do I apply for a loan?']);
    expect(await questions({ lang: 'uk' })).toEqual(['Чи можна взяти авто в лізинг?']);
  });

  it('combines filters', async () => {
    expect(await questions({ lang: 'en', question: 'can', url: '' })).toEqual(['Can I pay 100% upfront?']);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect(await questions({ question: '100%' })).toEqual(['Can I pay 100% upfront?']);
    expect(await questions({ question: '_' })).toEqual(['about_underscores']);
  });

  it('ignores filters sent empty', async () => {
    expect((await list({ question: '', answer: ' ', url: '', lang: '' })).total).toBe(15);
  });

  it('finds nothing, not an error, when no FAQ matches', async () => {
    expect(await list({ question: 'warranty' })).toEqual({ items: [], total: 0, page: 1, limit: 10, totalPages: 0 });
  });

  it('sorts by question without regard to case, both ways', async () => {
    const ascending = ['about_underscores', 'Can I pay 100% upfront?', 'How do I apply for a loan?'];
    expect(await questions({ lang: 'en', sortField: 'question', sortOrder: 'asc' })).toEqual(ascending);
    expect(await questions({ lang: 'en', sortField: 'question', sortOrder: 'desc' })).toEqual([...ascending].reverse());
  });

  it('sorts by language, both ways, the id deciding within a language', async () => {
    const all = (await list({ limit: 100 })).items;
    const byLangThenId = [...all].sort((a, b) => a.lang.localeCompare(b.lang) || a.id - b.id).map((faq) => faq.id);
    expect((await list({ limit: 100, sortField: 'lang', sortOrder: 'asc' })).items.map((faq) => faq.id)).toEqual(byLangThenId);
    expect((await list({ limit: 100, sortField: 'lang', sortOrder: 'desc' })).items.map((faq) => faq.id)).toEqual(
      [...byLangThenId].reverse(),
    );
  });

  it('sorts by creation date, oldest first when asked', async () => {
    const items = (await list({ limit: 100, sortField: 'createdAt', sortOrder: 'asc' })).items;
    expect(items[0]?.question).toBe('Filler question 1');
    expect(items.at(-1)?.id).toBe(ids.underscore);
    const dates = items.map((faq) => faq.createdAt);
    expect(dates).toEqual([...dates].sort());
  });

  it.each([
    ['createdAt', 'desc'],
    ['createdAt', 'asc'],
    ['question', 'asc'],
    ['question', 'desc'],
    ['lang', 'asc'],
    ['lang', 'desc'],
  ])('pages through every FAQ exactly once when sorted by %s %s', async (sortField, sortOrder) => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) seen.push(...(await list({ sortField, sortOrder, limit: 4, page })).items.map((faq) => faq.id));
    expect(seen).toHaveLength(15);
    expect(new Set(seen).size).toBe(15);
  });

  it('answers an empty page past the end, with the true total', async () => {
    expect(await list({ page: 3 })).toEqual({ items: [], total: 15, page: 3, limit: 10, totalPages: 2 });
  });

  it('answers the last page with what is left', async () => {
    const body = await list({ page: 2 });
    expect(body.items).toHaveLength(5);
    expect(body.totalPages).toBe(2);
  });

  it('takes a limit of 1 and of 100', async () => {
    expect(await list({ limit: 1 })).toMatchObject({ limit: 1, totalPages: 15, items: [expect.any(Object)] });
    expect((await list({ limit: 100 })).items).toHaveLength(15);
  });

  it.each([
    ['page', '0'],
    ['page', 'two'],
    ['page', '1.5'],
    ['limit', '0'],
    ['limit', '101'],
    ['limit', '-1'],
    ['question', 'x'.repeat(501)],
    ['question', 'a\u0000'],
    ['answer', 'a\u001b'],
    ['url', 'x'.repeat(2049)],
    ['lang', 'de'],
    ['sortField', 'answer'],
    ['sortOrder', 'sideways'],
  ])('answers 400 naming %s when it is %j', async (param, value) => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/faqs?${param}=${encodeURIComponent(value)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.code).toBe('bad_request');
    expect(res.json<ErrorBody>().error.fields).toHaveProperty(param);
  });

  it('answers 400 when a parameter is repeated', async () => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/faqs?lang=en&lang=uk' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toHaveProperty('lang');
  });
});

describe.each(DATABASE_KINDS)('adding, changing and deleting FAQs on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  let adminId: number;

  const as = (request: InjectOptions) => injectAs(t.app, ADMIN, request);
  const create = (payload: object) => as({ method: 'POST', url: '/api/faqs', payload });
  const created = async (payload: object) => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<FaqItem>();
  };
  const newFaq = (overrides: object = {}) => ({ question: 'Do you take trade-ins?', answer: 'Yes, any make.', lang: 'en', ...overrides });
  const auditOf = (action: string, id: number) =>
    t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', action)
      .where('entity', '=', 'faq')
      .where('entity_id', '=', String(id))
      .execute();
  const faqCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('faqs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const publicList = async (lang: string) => (await t.app.inject(`/api/faqs/public?lang=${lang}`)).json<FaqItem[]>();

  beforeAll(async () => {
    adminId = (await createAdmin(t.db, ADMIN.id)).id;
    // The seeded FAQs are dated from the test clock; put them safely in the past.
    await t.db
      .updateTable('faqs')
      .set({ created_at: day(1) })
      .execute();
  });

  it('adds a FAQ and answers it with 201 and its address', async () => {
    const res = await create(newFaq({ url: 'https://dealer.example/trade-in' }));
    expect(res.statusCode, res.body).toBe(201);
    const faq = res.json<FaqItem>();
    const { id, createdAt, ...fields } = faq;
    expect(fields).toEqual({
      question: 'Do you take trade-ins?',
      answer: 'Yes, any make.',
      url: 'https://dealer.example/trade-in',
      lang: 'en',
    });
    expect(Number.isInteger(id)).toBe(true);
    expect(Math.abs(Date.parse(createdAt) - Date.now())).toBeLessThan(60_000);
    expect(res.headers.location).toBe(`/api/faqs/${faq.id}`);
    expect((await as({ method: 'GET', url: `/api/faqs/${faq.id}` })).json<FaqItem>()).toEqual(faq);
  });

  it('lists a new FAQ first', async () => {
    const faq = await created(newFaq({ question: 'Is there a warranty?' }));
    expect((await as({ method: 'GET', url: '/api/faqs' })).json<FaqPage>().items[0]?.id).toBe(faq.id);
  });

  it('stores a FAQ sent with an empty link as having none', async () => {
    expect((await created(newFaq({ url: '' }))).url).toBeNull();
  });

  it('keeps the line breaks and tabs of an answer, as plain line breaks', async () => {
    expect((await created(newFaq({ answer: 'Bring:\r\n- your license\r\n-\ta pay stub' }))).answer).toBe(
      'Bring:\n- your license\n-\ta pay stub',
    );
  });

  it('takes the longest question and answer the rules allow, emoji included', async () => {
    const faq = await created(newFaq({ question: '🚗'.repeat(500), answer: 'é'.repeat(5000) }));
    expect([...faq.question]).toHaveLength(500);
    expect(faq.answer).toHaveLength(5000);
  });

  it('records who added a FAQ, without its texts', async () => {
    const faq = await created(newFaq({ lang: 'ru' }));
    const [event] = await auditOf('faq.created', faq.id);
    expect(event).toMatchObject({ actor_user_id: adminId, details: { lang: 'ru' } });
  });

  it.each([
    ['no question', { question: undefined }, 'question', m.questionRequired],
    ['a blank question', { question: '   ' }, 'question', m.questionRequired],
    ['a question of 501 characters', { question: 'q'.repeat(501) }, 'question', m.questionTooLong],
    ['a question on two lines', { question: 'Why?\nReally?' }, 'question', m.questionInvalid],
    ['a question that is a number', { question: 7 }, 'question', m.questionNotText],
    ['no answer', { answer: undefined }, 'answer', m.answerRequired],
    ['an answer of 5,001 characters', { answer: 'a'.repeat(5001) }, 'answer', m.answerTooLong],
    ['an answer with a NUL', { answer: 'Yes\u0000' }, 'answer', m.answerInvalid],
    ['an answer with an escape sequence', { answer: 'Yes\u001b[2J' }, 'answer', m.answerInvalid],
    ['an ftp link', { url: 'ftp://dealer.example/file' }, 'url', m.urlInvalid],
    ['a javascript link', { url: 'javascript:alert(1)' }, 'url', m.urlInvalid],
    ['a link of 2,049 characters', { url: `https://dealer.example/${'a'.repeat(2026)}` }, 'url', m.urlTooLong],
    ['no language', { lang: undefined }, 'lang', m.langRequired],
    ['an unsupported language', { lang: 'de' }, 'lang', m.langRequired],
  ])('refuses a new FAQ with %s, naming the field', async (_case, overrides, field, message) => {
    const before = await faqCount();
    const res = await create(newFaq(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error).toMatchObject({ code: 'bad_request', fields: { [field]: message } });
    expect(await faqCount()).toBe(before);
  });

  it.each([
    ['a list', '[]'],
    ['text', '"a FAQ"'],
    ['null', 'null'],
  ])('refuses a body that is %s instead of a FAQ', async (_case, payload) => {
    const res = await as({ method: 'POST', url: '/api/faqs', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
  });

  it('changes only the fields sent and answers the FAQ', async () => {
    const faq = await created(newFaq({ url: 'https://dealer.example/a' }));
    const res = await as({ method: 'PATCH', url: `/api/faqs/${faq.id}`, payload: { question: 'Do you take any trade-in?' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FaqItem>()).toEqual({ ...faq, question: 'Do you take any trade-in?' });
  });

  it('removes the link of a FAQ changed with url null', async () => {
    const faq = await created(newFaq({ url: 'https://dealer.example/a' }));
    const res = await as({ method: 'PATCH', url: `/api/faqs/${faq.id}`, payload: { url: null, lang: 'es' } });
    expect(res.json<FaqItem>()).toMatchObject({ url: null, lang: 'es', question: faq.question });
  });

  it('records which fields a change touched, not their texts', async () => {
    const faq = await created(newFaq());
    await as({ method: 'PATCH', url: `/api/faqs/${faq.id}`, payload: { answer: 'No.', lang: 'uk' } });
    const [event] = await auditOf('faq.updated', faq.id);
    expect(event).toMatchObject({ actor_user_id: adminId, details: { fields: ['answer', 'lang'] } });
  });

  it.each([
    ['nothing to change', {}, '', m.nothingToChange],
    ['an empty question', { question: '' }, 'question', m.questionRequired],
    ['an answer of 5,001 characters', { answer: 'a'.repeat(5001) }, 'answer', m.answerTooLong],
    ['a link that is not a web address', { url: 'dealer.example' }, 'url', m.urlInvalid],
    ['an unsupported language', { lang: 'pt' }, 'lang', m.langRequired],
  ])('refuses a change with %s and leaves the FAQ as it was', async (_case, payload, field, message) => {
    const faq = await created(newFaq());
    const res = await as({ method: 'PATCH', url: `/api/faqs/${faq.id}`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({ [field]: message });
    expect((await as({ method: 'GET', url: `/api/faqs/${faq.id}` })).json<FaqItem>()).toEqual(faq);
    expect(await auditOf('faq.updated', faq.id)).toEqual([]);
  });

  it('deletes a FAQ with 204, after which it is gone', async () => {
    const faq = await created(newFaq());
    const res = await as({ method: 'DELETE', url: `/api/faqs/${faq.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await as({ method: 'GET', url: `/api/faqs/${faq.id}` })).statusCode).toBe(404);
    expect((await as({ method: 'GET', url: '/api/faqs?limit=100' })).json<FaqPage>().items.map((item) => item.id)).not.toContain(faq.id);
  });

  it('records who deleted a FAQ', async () => {
    const faq = await created(newFaq({ lang: 'uk' }));
    await as({ method: 'DELETE', url: `/api/faqs/${faq.id}` });
    const [event] = await auditOf('faq.deleted', faq.id);
    expect(event).toMatchObject({ actor_user_id: adminId, details: { lang: 'uk' } });
  });

  it('records who opened a FAQ', async () => {
    const faq = await created(newFaq());
    await as({ method: 'GET', url: `/api/faqs/${faq.id}` });
    expect(await auditOf('faq.viewed', faq.id)).toEqual([expect.objectContaining({ actor_user_id: adminId })]);
  });

  it.each([
    ['GET', undefined],
    ['PATCH', { question: 'Anything?' }],
    ['DELETE', undefined],
  ] as const)('answers 404 to %s of a FAQ that does not exist, and records nothing', async (method, payload) => {
    const res = await as({ method, url: '/api/faqs/2147483647', ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().error.code).toBe('not_found');
    expect(await t.db.selectFrom('audit_events').select('id').where('entity_id', '=', '2147483647').execute()).toEqual([]);
  });

  it('answers 404 to deleting a FAQ twice', async () => {
    const faq = await created(newFaq());
    expect((await as({ method: 'DELETE', url: `/api/faqs/${faq.id}` })).statusCode).toBe(204);
    expect((await as({ method: 'DELETE', url: `/api/faqs/${faq.id}` })).statusCode).toBe(404);
  });

  it.each(['abc', '1.5', '0', '-1', '2147483648'])('answers 400 naming id when the id is %s', async (id) => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await as({ method, url: `/api/faqs/${id}`, ...(method === 'PATCH' ? { payload: { lang: 'en' } } : {}) });
      expect(res.statusCode, `${method} ${res.body}`).toBe(400);
      expect(res.json<ErrorBody>().error.fields).toHaveProperty('id');
    }
  });

  describe('the home page list', () => {
    it('has a new FAQ on the very next request', async () => {
      const before = await t.app.inject('/api/faqs/public?lang=es');
      const faq = await created(newFaq({ question: '¿Aceptan autos usados?', lang: 'es' }));
      const after = await t.app.inject({ url: '/api/faqs/public?lang=es', headers: { 'if-none-match': String(before.headers.etag) } });
      expect(after.statusCode).toBe(200);
      expect(after.json<FaqItem[]>()[0]).toEqual(faq);
    });

    it('shows an edited FAQ as edited on the very next request', async () => {
      const faq = await created(newFaq({ question: 'Старе питання?', lang: 'uk' }));
      expect((await publicList('uk'))[0]?.question).toBe('Старе питання?');
      await as({ method: 'PATCH', url: `/api/faqs/${faq.id}`, payload: { question: 'Нове питання?' } });
      expect((await publicList('uk'))[0]).toMatchObject({ id: faq.id, question: 'Нове питання?' });
    });

    it('drops a deleted FAQ on the very next request', async () => {
      const faq = await created(newFaq({ lang: 'ru' }));
      expect((await publicList('ru')).map((item) => item.id)).toContain(faq.id);
      await as({ method: 'DELETE', url: `/api/faqs/${faq.id}` });
      expect((await publicList('ru')).map((item) => item.id)).not.toContain(faq.id);
    });

    it('tells caches to check back every time instead of keeping a copy for a while', async () => {
      const res = await t.app.inject('/api/faqs/public?lang=en');
      expect(res.headers['cache-control']).toBe('public, no-cache');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    });

    it('answers 304 without a body while nothing has changed, and the new list once something has', async () => {
      const first = await t.app.inject('/api/faqs/public?lang=en');
      const etag = String(first.headers.etag);
      const unchanged = await t.app.inject({ url: '/api/faqs/public?lang=en', headers: { 'if-none-match': `W/${etag}, "other"` } });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe('');
      const faq = await created(newFaq({ question: 'Do you deliver?' }));
      const changed = await t.app.inject({ url: '/api/faqs/public?lang=en', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json<FaqItem[]>()[0]?.id).toBe(faq.id);
    });
  });
});

describe.each(DATABASE_KINDS)('who may manage FAQs on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  let callers: Record<'anonymous' | 'web guest' | 'Telegram user' | 'admin over a session', { cookie: string } | TestTelegramUser | null>;
  let faqId: number;

  beforeAll(async () => {
    const admin = await createAdmin(t.db, ADMIN.id);
    await createTelegramUser(t.db, CUSTOMER.id);
    const car = await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow();
    const guest = await createGuest(t.app, car.uuid);
    callers = {
      anonymous: null,
      'web guest': { cookie: guest.cookie },
      'Telegram user': CUSTOMER,
      'admin over a session': { cookie: await sessionCookie(t.app, admin.id) },
    };
    faqId = (await t.db.selectFrom('faqs').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });

  const requests = (): [string, InjectOptions][] => [
    ['list FAQs', { method: 'GET', url: '/api/faqs' }],
    ['open a FAQ', { method: 'GET', url: `/api/faqs/${faqId}` }],
    ['add a FAQ', { method: 'POST', url: '/api/faqs', payload: { question: 'Q?', answer: 'A.', lang: 'en' } }],
    ['change a FAQ', { method: 'PATCH', url: `/api/faqs/${faqId}`, payload: { answer: 'Changed.' } }],
    ['delete a FAQ', { method: 'DELETE', url: `/api/faqs/${faqId}` }],
  ];

  it.each([
    ['anonymous', 401],
    ['web guest', 401],
    ['Telegram user', 403],
  ] as const)('refuses every FAQ call from %s with %d and changes nothing', async (caller, status) => {
    const before = await t.db.selectFrom('faqs').selectAll().orderBy('id').execute();
    for (const [what, request] of requests()) {
      const res = await injectAs(t.app, callers[caller], request);
      expect(res.statusCode, what).toBe(status);
    }
    expect(await t.db.selectFrom('faqs').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('lets an admin make every FAQ call, over Telegram or a session', async () => {
    const statuses = [];
    for (const [index, [what, request]] of requests().entries()) {
      const res = await injectAs(t.app, index % 2 === 0 ? ADMIN : callers['admin over a session'], request);
      statuses.push(`${what}: ${res.statusCode}`);
    }
    expect(statuses).toEqual(['list FAQs: 200', 'open a FAQ: 200', 'add a FAQ: 201', 'change a FAQ: 200', 'delete a FAQ: 204']);
  });

  it("lets an admin through when x-telegram-id repeats the admin's id, and refuses another id", async () => {
    const same = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/faqs', headers: { 'x-telegram-id': String(ADMIN.id) } });
    const other = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/faqs', headers: { 'x-telegram-id': String(CUSTOMER.id) } });
    expect([same.statusCode, other.statusCode]).toEqual([200, 403]);
  });
});
