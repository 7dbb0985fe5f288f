import type { FaqItem, FaqPage } from '../../../domain/contracts/faqs.ts';
import { LANGUAGES } from '../../../domain/enums.ts';

/**
 * JSON Schemas of the FAQ answers: Fastify serialises with them and the API document shows them.
 * Only the listed properties are written, so a column added to a query never reaches the wire by
 * accident; the key lists are checked against the contract types.
 */

type Properties<T> = { [K in keyof T]-?: object };

const integer = { type: 'integer' } as const;

const strictObject = (properties: Record<string, object>) =>
  ({ type: 'object', additionalProperties: false, required: Object.keys(properties), properties }) as const;

export const faqItemResponse = strictObject({
  id: integer,
  question: { type: 'string' },
  answer: { type: 'string' },
  url: { type: ['string', 'null'] },
  lang: { type: 'string', enum: [...LANGUAGES] },
  createdAt: { type: 'string', format: 'date-time' },
} satisfies Properties<FaqItem>);

export const faqPageResponse = strictObject({
  items: { type: 'array', items: faqItemResponse },
  total: integer,
  page: integer,
  limit: integer,
  totalPages: integer,
} satisfies Properties<FaqPage>);
