import type { FaqItem } from '../../../domain/contracts/faqs.ts';
import type { Language } from '../../../domain/enums.ts';
import type { Db } from '../db/database.ts';

const PUBLIC_FAQ_LIMIT = 100;

/** The FAQs of one language, newest first (id breaks ties so the order is stable). */
export async function listPublicFaqs(db: Db, lang: Language): Promise<FaqItem[]> {
  const rows = await db
    .selectFrom('faqs')
    .select(['id', 'question', 'answer', 'url', 'lang', 'created_at'])
    .where('lang', '=', lang)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PUBLIC_FAQ_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    question: row.question,
    answer: row.answer,
    url: row.url,
    lang: row.lang,
    createdAt: row.created_at.toISOString(),
  }));
}
