import type { FaqItem } from '../../../domain/contracts/faqs.ts';
import type { Language } from '../../../domain/enums.ts';
import type { Db } from '../db/database.ts';
import { toFaqItem } from './faqs.repository.ts';

const PUBLIC_FAQ_LIMIT = 100;

/** The FAQs of one language, newest first (id breaks ties so the order is stable). */
export async function listPublicFaqs(db: Db, lang: Language): Promise<FaqItem[]> {
  const rows = await db
    .selectFrom('faqs')
    .selectAll()
    .where('lang', '=', lang)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PUBLIC_FAQ_LIMIT)
    .execute();
  return rows.map(toFaqItem);
}
