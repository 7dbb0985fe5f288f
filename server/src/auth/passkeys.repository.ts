import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { PasskeyItem } from '../../../domain/contracts/passkeys.ts';
import type { Db } from '../db/database.ts';
import type { StaffPasskeysTable } from '../db/schema.ts';

export type PasskeyRow = Selectable<StaffPasskeysTable>;

export const toPasskeyItem = (row: PasskeyRow): PasskeyItem => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

export function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('staff_passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export function findPasskey(db: Db, userId: number, credentialId: string): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('staff_passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/** Answers undefined when the credential is registered already (to anyone). */
export function insertPasskey(
  db: Db,
  passkey: { userId: number; credentialId: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string },
): Promise<PasskeyRow | undefined> {
  return db
    .insertInto('staff_passkeys')
    .values({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
      name: passkey.name,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function recordPasskeyUse(db: Db, id: number, counter: number): Promise<void> {
  await db
    .updateTable('staff_passkeys')
    .set({ counter, last_used_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Answers whether the user had a passkey with this id. */
export async function deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('staff_passkeys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteUserPasskeys(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('staff_passkeys').where('user_id', '=', userId).execute();
}
