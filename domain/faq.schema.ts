import * as v from 'valibot';
import { FAQ_LIST_DEFAULTS } from './constants.ts';
import { LANGUAGES } from './enums.ts';
import { choiceParam, pagingParams, rowIdParam, textParam } from './query-params.ts';
import { characterCount, hasNoControlCharacters, normalizeLineBreaks } from './text.ts';

/**
 * The FAQ rules (docs/product/staff-dashboard.md#faq-management) for the staff API and the dashboard's FAQ form alike:
 * create, change (PATCH: only the fields sent) and the list's filters, sort and paging.
 */

export const FAQ_QUESTION_MAX_LENGTH = 500;
export const FAQ_ANSWER_MAX_LENGTH = 5000;
/** Added to the original design's rules: the common practical limit of a link, so a pasted essay is not taken for one. */
export const FAQ_URL_MAX_LENGTH = 2048;
export const FAQ_LIST_MAX_LIMIT = 100;
export const FAQ_SORT_FIELDS = ['createdAt', 'question', 'lang'] as const;

/** English texts are also the Lingui message ids, as with validationMessages. */
export const faqMessages = {
  questionRequired: 'Question is required.',
  questionNotText: 'Question must be text.',
  questionTooLong: 'Question must be 500 characters or fewer.',
  questionInvalid: 'Question must be one line without control characters.',
  answerRequired: 'Answer is required.',
  answerNotText: 'Answer must be text.',
  answerTooLong: 'Answer must be 5,000 characters or fewer.',
  answerInvalid: 'Answer may contain line breaks and tabs but no other control characters.',
  urlInvalid: 'Link must be a web address starting with http:// or https://.',
  urlTooLong: 'Link must be 2,048 characters or fewer.',
  langRequired: 'Choose the language: en, uk, es or ru.',
  nothingToChange: 'Change at least one of question, answer, url or lang.',
} as const;

const m = faqMessages;

/** Null (a cleared input) reads as '' so that it gets the "required" message, not "must be text". */
const textOrBlank = (notText: string) =>
  v.pipe(
    v.nullable(v.string(notText)),
    v.transform((text) => text ?? ''),
  );

const questionField = v.pipe(
  textOrBlank(m.questionNotText),
  v.trim(),
  v.nonEmpty(m.questionRequired),
  v.check((text) => characterCount(text) <= FAQ_QUESTION_MAX_LENGTH, m.questionTooLong),
  v.check((text) => hasNoControlCharacters(text), m.questionInvalid),
);

const answerField = v.pipe(
  textOrBlank(m.answerNotText),
  v.transform((text) => normalizeLineBreaks(text).trim()),
  v.nonEmpty(m.answerRequired),
  v.check((text) => characterCount(text) <= FAQ_ANSWER_MAX_LENGTH, m.answerTooLong),
  // An answer is a paragraph or a list, not one line.
  v.check((text) => hasNoControlCharacters(text, 'lines'), m.answerInvalid),
);

/**
 * The home page renders the link, so only http and https get through (no javascript: or data:).
 * Whitespace is refused rather than left to the URL parser, which silently drops tabs and newlines.
 */
function isWebAddress(text: string): boolean {
  if (/\s/.test(text) || !hasNoControlCharacters(text)) return false;
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Null, absent or blank is "no link" (null). */
const urlField = v.pipe(
  v.nullable(v.string(m.urlInvalid)),
  v.transform((text) => text?.trim() || null),
  v.check((text) => text === null || characterCount(text) <= FAQ_URL_MAX_LENGTH, m.urlTooLong),
  v.check((text) => text === null || isWebAddress(text), m.urlInvalid),
);

const langField = v.pipe(v.nullable(v.string(m.langRequired)), v.picklist(LANGUAGES, m.langRequired));

/** POST /api/faqs and the dashboard's new-FAQ form. */
export const faqCreateSchema = v.object({
  question: v.optional(questionField, ''),
  answer: v.optional(answerField, ''),
  url: v.optional(urlField, null),
  // A default that fails the rule: without one, valibot reports an absent key in its own words.
  lang: v.optional(langField, null),
});

/** PATCH /api/faqs/{id}: the changed fields only, each under its create rule; url null removes the link. */
export const faqPatchSchema = v.pipe(
  v.object({
    question: v.optional(questionField),
    answer: v.optional(answerField),
    url: v.optional(urlField),
    lang: v.optional(langField),
  }),
  v.check((patch) => Object.values(patch).some((value) => value !== undefined), m.nothingToChange),
);

/** GET /api/faqs (docs/product/limits.md#limits-and-constants: page 1, limit 10, createdAt descending). */
export const faqListQuerySchema = v.pipe(
  v.object({
    ...pagingParams(FAQ_LIST_MAX_LIMIT),
    question: textParam('question', FAQ_QUESTION_MAX_LENGTH),
    answer: textParam('answer', FAQ_ANSWER_MAX_LENGTH),
    url: textParam('url', FAQ_URL_MAX_LENGTH),
    // Unlike the public list's lang, an unknown language is refused here: silently filtering by
    // English instead would show staff the wrong FAQs.
    lang: choiceParam(LANGUAGES, 'lang must be en, uk, es or ru'),
    sortField: choiceParam(FAQ_SORT_FIELDS, 'sortField must be createdAt, question or lang'),
    sortOrder: choiceParam(['asc', 'desc'], 'sortOrder must be asc or desc'),
  }),
  v.transform((q) => ({
    ...q,
    page: q.page ?? FAQ_LIST_DEFAULTS.page,
    limit: q.limit ?? FAQ_LIST_DEFAULTS.limit,
    sortField: q.sortField ?? FAQ_LIST_DEFAULTS.sortField,
    sortOrder: q.sortOrder ?? FAQ_LIST_DEFAULTS.sortOrder,
  })),
);

/** The {id} of /api/faqs/{id}. */
export const faqIdParamsSchema = v.object({ id: rowIdParam('id') });

export type FaqCreate = v.InferOutput<typeof faqCreateSchema>;
export type FaqPatch = v.InferOutput<typeof faqPatchSchema>;
export type FaqListQuery = v.InferOutput<typeof faqListQuerySchema>;
