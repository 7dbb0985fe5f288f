import { sql } from 'kysely';
import type { LicenceSide } from '../../../domain/contracts/documents.ts';
import { windowCountColumns, windowStart, type WindowCount } from '../db/address-window.ts';
import type { Db } from '../db/database.ts';

interface NewDocument {
  ownerUserId: number;
  side: LicenceSide;
  mime: 'image/jpeg';
  size: number;
  width: number;
  height: number;
  sha256: string;
  contentEncrypted: Buffer;
  /** The print-size copy, sealed with the same key. */
  printContentEncrypted: Buffer;
  keyId: string;
  /** The client address of a guest's upload, as its keyed HMAC; null for Telegram users. */
  addressKey: string | null;
}

/** Deletes unattached documents older than the given number of days; answers how many went. */
export async function purgeUnattachedDocuments(db: Db, olderThanDays: number): Promise<number> {
  const result = await db
    .deleteFrom('application_documents')
    .where('application_id', 'is', null)
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${olderThanDays}::integer)`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every photo of this owner that no application uses yet (Start over); answers how many went. */
export async function deleteUnattachedDocumentsOf(db: Db, ownerUserId: number): Promise<number> {
  const result = await db
    .deleteFrom('application_documents')
    .where('owner_user_id', '=', ownerUserId)
    .where('application_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countUnattachedDocuments(db: Db, ownerUserId: number): Promise<number> {
  const row = await db
    .selectFrom('application_documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_user_id', '=', ownerUserId)
    .where('application_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Unattached documents uploaded from one client address within the window. */
export async function countUnattachedFromAddress(db: Db, addressKey: string, windowSeconds: number): Promise<WindowCount> {
  return db
    .selectFrom('application_documents')
    .select(windowCountColumns(windowSeconds))
    .where('address_key', '=', addressKey)
    .where('application_id', 'is', null)
    .where('created_at', '>', windowStart(windowSeconds))
    .executeTakeFirstOrThrow();
}

/** Locks the owner's user row for the rest of the transaction, so one owner's uploads are counted one at a time. */
export async function lockOwner(db: Db, ownerUserId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', ownerUserId).forUpdate().execute();
}

export async function insertDocument(db: Db, doc: NewDocument): Promise<number> {
  const row = await db
    .insertInto('application_documents')
    .values({
      owner_user_id: doc.ownerUserId,
      application_id: null,
      side: doc.side,
      mime: doc.mime,
      size: doc.size,
      width: doc.width,
      height: doc.height,
      sha256: doc.sha256,
      content_encrypted: doc.contentEncrypted,
      print_content_encrypted: doc.printContentEncrypted,
      key_id: doc.keyId,
      address_key: doc.addressKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The guest merge: licence photos not yet in an application move with the person. */
export async function moveUnattachedDocumentsToUser(db: Db, fromUserId: number, toUserId: number): Promise<void> {
  await db
    .updateTable('application_documents')
    .set({ owner_user_id: toUserId })
    .where('owner_user_id', '=', fromUserId)
    .where('application_id', 'is', null)
    .execute();
}
