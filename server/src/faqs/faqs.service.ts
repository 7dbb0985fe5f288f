import type { FaqItem } from '../../../domain/contracts/faqs.ts';
import type { FaqCreate, FaqPatch } from '../../../domain/faq.schema.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { deleteFaq, findFaq, insertFaq, updateFaq } from './faqs.repository.ts';

/**
 * Staff FAQ management (docs/product.md#faq-management: admin only). Each change lands with its audit row in one
 * transaction, or neither does; details name the fields, never the texts. `actorUserId` is the
 * verified admin; the routes and the bot both come through here.
 */

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
