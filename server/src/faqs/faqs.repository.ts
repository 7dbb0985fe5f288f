import { sql, type Expression, type Selectable } from 'kysely';
import type { FaqItem, FaqPage } from '../../../domain/contracts/faqs.ts';
import { toPaged } from '../../../domain/contracts/paged.ts';
import type { FaqCreate, FaqListQuery, FaqPatch } from '../../../domain/faq.schema.ts';
import type { Db } from '../db/database.ts';
import type { FaqsTable } from '../db/schema.ts';

type FaqRow = Selectable<FaqsTable>;

export const toFaqItem = (row: FaqRow): FaqItem => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  url: row.url,
  lang: row.lang,
  createdAt: row.created_at.toISOString(),
});

/** LIKE treats % and _ as wildcards and \ as the escape; a search for "100%" must mean exactly that. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SEARCHABLE = ['question', 'answer', 'url'] as const;

/** Questions sort as people read them, without regard to case. */
const SORT_KEYS: Record<FaqListQuery['sortField'], Expression<unknown>> = {
  createdAt: sql.ref('created_at'),
  question: sql`lower(question)`,
  lang: sql.ref('lang'),
};

/** docs/product/staff-dashboard.md#faq-management: the staff list, filtered by substrings and language, sorted, with the id as tie-breaker. */
export async function listFaqs(db: Db, q: FaqListQuery): Promise<FaqPage> {
  let filtered = db.selectFrom('faqs');
  for (const column of SEARCHABLE) {
    const text = q[column];
    if (text !== undefined)
      filtered = filtered.where(sql<string>`lower(${sql.ref(column)})`, 'like', `%${escapeLike(text.toLowerCase())}%`);
  }
  if (q.lang !== undefined) filtered = filtered.where('lang', '=', q.lang);
  const [rows, counted] = await Promise.all([
    filtered
      .selectAll()
      .orderBy(SORT_KEYS[q.sortField], q.sortOrder)
      .orderBy('id', q.sortOrder)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return toPaged(rows.map(toFaqItem), Number(counted.total), q.page, q.limit);
}

export async function findFaq(db: Db, id: number): Promise<FaqItem | undefined> {
  const row = await db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toFaqItem(row);
}

export async function insertFaq(db: Db, faq: FaqCreate): Promise<FaqItem> {
  return toFaqItem(await db.insertInto('faqs').values(faq).returningAll().executeTakeFirstOrThrow());
}

/** Writes the fields the patch carries; undefined when there is no such FAQ. */
export async function updateFaq(db: Db, id: number, patch: FaqPatch): Promise<FaqItem | undefined> {
  const row = await db.updateTable('faqs').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  return row && toFaqItem(row);
}

/** The deleted FAQ, or undefined when there was none. */
export async function deleteFaq(db: Db, id: number): Promise<FaqItem | undefined> {
  const row = await db.deleteFrom('faqs').where('id', '=', id).returningAll().executeTakeFirst();
  return row && toFaqItem(row);
}
