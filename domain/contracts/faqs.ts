import * as v from 'valibot';
import { LANGUAGES } from '../enums.ts';
import type { Paged } from './paged.ts';

/**
 * A FAQ (docs/product/staff-dashboard.md#faq-management) as the API answers it: the home page's public list (GET /api/faqs/public)
 * and the staff FAQ management alike. A schema, not only a type: the web app checks the public
 * list on arrival, so a page never renders from an answer of the wrong shape.
 */
export const faqItemSchema = v.object({
  id: v.number(),
  question: v.string(),
  answer: v.string(),
  url: v.nullable(v.string()),
  lang: v.picklist(LANGUAGES),
  createdAt: v.string(),
});

export type FaqItem = v.InferOutput<typeof faqItemSchema>;

/** GET /api/faqs: one page of the staff FAQ list. */
export type FaqPage = Paged<FaqItem>;
