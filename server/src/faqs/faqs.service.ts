import type { FaqItem, FaqPage } from '../../../domain/contracts/faqs.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/enums.ts';
import type { FaqCreate, FaqListQuery, FaqPatch } from '../../../domain/faq.schema.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { findUserById } from '../users/users.repository.ts';
import { deleteFaq, findFaq, insertFaq, listFaqs, updateFaq } from './faqs.repository.ts';
import { listPublicFaqs } from './public-faqs.repository.ts';

/**
 * Staff FAQ management (docs/product/staff-dashboard.md#faq-management: admin only), and the home page's list. Each change lands with
 * its audit row in one transaction, or neither does; details name the fields, never the texts. `actorUserId` is the
 * verified admin; the routes and the bot both come through here.
 */

/** The staff list: filtered by substrings and language, sorted and paged. */
export const searchFaqs = (db: Db, query: FaqListQuery): Promise<FaqPage> => listFaqs(db, query);

export async function viewFaq(db: Db, actorUserId: number, id: number): Promise<FaqItem | undefined> {
  const faq = await findFaq(db, id);
  if (faq) await recordAudit(db, { actorUserId, action: 'faq.viewed', entity: 'faq', entityId: id });
  return faq;
}

export async function createFaq(db: Db, actorUserId: number, input: FaqCreate): Promise<FaqItem> {
  return db.transaction().execute(async (trx) => {
    const faq = await insertFaq(trx, input);
    await recordAudit(trx, { actorUserId, action: 'faq.created', entity: 'faq', entityId: faq.id, details: { lang: faq.lang } });
    return faq;
  });
}

export async function changeFaq(db: Db, actorUserId: number, id: number, patch: FaqPatch): Promise<FaqItem | undefined> {
  return db.transaction().execute(async (trx) => {
    const faq = await updateFaq(trx, id, patch);
    if (faq)
      await recordAudit(trx, { actorUserId, action: 'faq.updated', entity: 'faq', entityId: id, details: { fields: Object.keys(patch) } });
    return faq;
  });
}

/** False when there was no such FAQ. */
export async function removeFaq(db: Db, actorUserId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const faq = await deleteFaq(trx, id);
    if (faq) await recordAudit(trx, { actorUserId, action: 'faq.deleted', entity: 'faq', entityId: id, details: { lang: faq.lang } });
    return faq !== undefined;
  });
}

/**
 * What the home page shows, for anyone (docs/product/identity.md#languages): the FAQs of the language asked
 * for; with none asked, the signed-in user's language, else the default.
 */
export async function homePageFaqs(db: Db, lang: Language | undefined, viewerUserId: number | undefined): Promise<FaqItem[]> {
  if (lang) return listPublicFaqs(db, lang);
  const viewer = viewerUserId === undefined ? undefined : await findUserById(db, viewerUserId);
  return listPublicFaqs(db, viewer ? viewer.language : DEFAULT_LANGUAGE);
}
