import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { faqCreateSchema, faqIdParamsSchema, faqListQuerySchema, faqMessages as m, faqPatchSchema } from './faq.schema.ts';
import { errorsOf } from './test-fixtures.ts';

const faq = (overrides: Record<string, unknown> = {}) => ({ question: 'Can I trade in my car?', answer: 'Yes.', lang: 'en', ...overrides });

describe('a new FAQ', () => {
  it('is valid with a question, an answer and a language, and has no link then', () => {
    expect(v.parse(faqCreateSchema, faq())).toEqual({ question: 'Can I trade in my car?', answer: 'Yes.', url: null, lang: 'en' });
  });

  it('trims the question and the answer', () => {
    expect(v.parse(faqCreateSchema, faq({ question: '  Why?  ', answer: '\n Because. \n' }))).toMatchObject({
      question: 'Why?',
      answer: 'Because.',
    });
  });

  it.each([
    ['missing', undefined, m.questionRequired],
    ['cleared (null)', null, m.questionRequired],
    ['blank', '   ', m.questionRequired],
    ['a number', 42, m.questionNotText],
    ['501 characters', 'q'.repeat(501), m.questionTooLong],
    ['on two lines', 'Why?\nReally?', m.questionInvalid],
    ['holding a tab', 'Why?\tReally?', m.questionInvalid],
    ['holding a NUL', 'Why?\u0000', m.questionInvalid],
    ['holding a C1 control', 'Why\u0085?', m.questionInvalid],
  ])('refuses a question %s', (_case, question, message) => {
    expect(errorsOf(faqCreateSchema, faq({ question }))).toEqual({ question: message });
  });

  it.each([
    ['500 characters', 'q'.repeat(500)],
    ['500 emoji, counted as the database counts them', '🚗'.repeat(500)],
    ['in Ukrainian', 'Чи можна взяти авто в лізинг?'],
  ])('takes a question of %s', (_case, question) => {
    expect(errorsOf(faqCreateSchema, faq({ question }))).toEqual({});
  });

  it.each([
    ['missing', undefined, m.answerRequired],
    ['cleared (null)', null, m.answerRequired],
    ['blank lines only', '\n\n  \n', m.answerRequired],
    ['a list', ['Yes.'], m.answerNotText],
    ['5,001 characters', 'a'.repeat(5001), m.answerTooLong],
    ['holding a NUL', 'Yes.\u0000', m.answerInvalid],
    ['holding an escape sequence', 'Yes.\u001b[31m', m.answerInvalid],
    ['holding a vertical tab', 'Yes.\u000bNo.', m.answerInvalid],
    ['holding DEL', 'Yes.\u007f', m.answerInvalid],
  ])('refuses an answer %s', (_case, answer, message) => {
    expect(errorsOf(faqCreateSchema, faq({ answer }))).toEqual({ answer: message });
  });

  it.each([
    ['line breaks', 'Bring:\n- your license\n- a pay stub', 'Bring:\n- your license\n- a pay stub'],
    ['tabs', 'Term\t36 months', 'Term\t36 months'],
    ['Windows line breaks, stored as plain ones', 'One.\r\nTwo.\rThree.', 'One.\nTwo.\nThree.'],
    ['5,000 characters', 'a'.repeat(5000), 'a'.repeat(5000)],
  ])('keeps an answer with %s', (_case, answer, stored) => {
    expect(v.parse(faqCreateSchema, faq({ answer })).answer).toBe(stored);
  });

  it.each([
    ['http', 'http://example.com/loans', 'http://example.com/loans'],
    ['https, trimmed', '  https://example.com/faq?q=1#a  ', 'https://example.com/faq?q=1#a'],
    ['null as no link', null, null],
    ['blank as no link', '  ', null],
  ])('takes a link: %s', (_case, url, stored) => {
    expect(v.parse(faqCreateSchema, faq({ url })).url).toBe(stored);
  });

  it.each([
    ['an ftp address', 'ftp://example.com/file', m.urlInvalid],
    ['a script', 'javascript:alert(1)', m.urlInvalid],
    ['data', 'data:text/html,<b>x</b>', m.urlInvalid],
    ['words', 'see our website', m.urlInvalid],
    ['no host', 'https://', m.urlInvalid],
    ['a space inside', 'https://example.com/a b', m.urlInvalid],
    ['a newline inside', 'https://example.com/\nx', m.urlInvalid],
    ['a NUL', 'https://example.com/\u0000', m.urlInvalid],
    ['a number', 5, m.urlInvalid],
    ['2,049 characters', `https://example.com/${'a'.repeat(2029)}`, m.urlTooLong],
  ])('refuses a link that is %s', (_case, url, message) => {
    expect(errorsOf(faqCreateSchema, faq({ url }))).toEqual({ url: message });
  });

  it.each([undefined, null, '', 'de', 'EN', 'uk-UA', 1])('refuses the language %j: only en, uk, es and ru', (lang) => {
    expect(errorsOf(faqCreateSchema, faq({ lang }))).toEqual({ lang: m.langRequired });
  });

  it.each(['en', 'uk', 'es', 'ru'])('takes the language %s', (lang) => {
    expect(v.parse(faqCreateSchema, faq({ lang })).lang).toBe(lang);
  });

  it('names every missing field at once, each in its own words', () => {
    expect(errorsOf(faqCreateSchema, {})).toEqual({ question: m.questionRequired, answer: m.answerRequired, lang: m.langRequired });
  });
});

describe('a change to a FAQ', () => {
  it.each([
    [{ question: ' New? ' }, { question: 'New?' }],
    [{ answer: 'A\r\nB' }, { answer: 'A\nB' }],
    [{ url: null }, { url: null }],
    [{ url: 'https://example.com' }, { url: 'https://example.com' }],
    [{ lang: 'ru' }, { lang: 'ru' }],
  ])('takes only the fields sent: %j', (patch, parsed) => {
    expect(v.parse(faqPatchSchema, patch)).toEqual(parsed);
  });

  it.each([{}, { id: 5, createdAt: '2026-01-01' }])('must change at least one field: %j', (patch) => {
    expect(errorsOf(faqPatchSchema, patch)).toEqual({ '': m.nothingToChange });
  });

  it.each([
    [{ question: '' }, { question: m.questionRequired }],
    [{ answer: null }, { answer: m.answerRequired }],
    [{ url: 'ftp://x.org' }, { url: m.urlInvalid }],
    [{ lang: 'de' }, { lang: m.langRequired }],
  ])('holds each field sent to the rule of a new FAQ: %j', (patch, errors) => {
    expect(errorsOf(faqPatchSchema, patch)).toEqual(errors);
  });
});

describe('the staff FAQ list query', () => {
  it('defaults to page 1 of 10, newest first', () => {
    expect(v.parse(faqListQuerySchema, {})).toEqual({ page: 1, limit: 10, sortField: 'createdAt', sortOrder: 'desc' });
  });

  it('reads every filter, the sort and the paging', () => {
    const query = {
      page: '3',
      limit: '100',
      question: 'loan',
      answer: 'credit',
      url: 'example',
      lang: 'uk',
      sortField: 'question',
      sortOrder: 'asc',
    };
    expect(v.parse(faqListQuerySchema, query)).toEqual({ ...query, page: 3, limit: 100 });
  });

  it('ignores filters sent empty', () => {
    expect(v.parse(faqListQuerySchema, { question: '', lang: ' ' })).toEqual(v.parse(faqListQuerySchema, {}));
  });

  it.each([
    ['page', '0', 'page must be a whole number of at least 1'],
    ['limit', '0', 'limit must be a whole number from 1 to 100'],
    ['limit', '101', 'limit must be a whole number from 1 to 100'],
    ['question', 'x'.repeat(501), 'question must be at most 500 characters'],
    ['answer', 'a\u0000', 'answer must not contain control characters'],
    ['url', 'x'.repeat(2049), 'url must be at most 2048 characters'],
    ['lang', 'de', 'lang must be en, uk, es or ru'],
    ['sortField', 'answer', 'sortField must be createdAt, question or lang'],
    ['sortOrder', 'up', 'sortOrder must be asc or desc'],
  ])('refuses %s=%j, naming it', (name, value, message) => {
    expect(errorsOf(faqListQuerySchema, { [name]: value })).toEqual({ [name]: message });
  });
});

describe('a FAQ id in the path', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2147483647],
  ])('reads %s as the number %d', (id, number) => {
    expect(v.parse(faqIdParamsSchema, { id })).toEqual({ id: number });
  });

  it.each(['0', '-1', '1.5', '1e3', 'abc', '', '2147483648', '99999999999'])('refuses %j', (id) => {
    expect(errorsOf(faqIdParamsSchema, { id })).toEqual({ id: 'id must be an id (a whole number of at least 1)' });
  });
});
