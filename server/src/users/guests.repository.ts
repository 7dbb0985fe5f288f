import { sql } from 'kysely';
import { windowCountColumns, windowStart, type WindowCount } from '../db/address-window.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';

/** Web guests created from one client address within the window. */
export async function countGuestsFromAddress(db: Db, addressKey: string, windowSeconds: number): Promise<WindowCount> {
  return db
    .selectFrom('users')
    .select(windowCountColumns(windowSeconds))
    .where('kind', '=', 'guest')
    .where('address_key', '=', addressKey)
    .where('created_at', '>', windowStart(windowSeconds))
    .executeTakeFirstOrThrow();
}

export async function insertGuest(db: Db, addressKey: string): Promise<UserRow> {
  return db.insertInto('users').values({ kind: 'guest', address_key: addressKey }).returningAll().executeTakeFirstOrThrow();
}

/**
 * Marks a guest as seen now; answers false when the guest no longer exists (it expired while the
 * request was on its way), so the caller treats the cookie as stale instead of writing for a
 * deleted user.
 */
export async function touchGuestSeen(db: Db, guestId: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', guestId)
    .where('kind', '=', 'guest')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes up to `limit` guests unseen for `idleDays` that hold nothing of value: no favourite, no
 * draft, no application, no trade-in (its own retention erases it), no booked visit still ahead
 * (docs/product/visits.md#holds-and-guests-across-the-product), no audit history (append-only,
 * it must keep its actor), and no licence photo young enough to be used (older ones are due for
 * purging; docs/decisions/007). Their car views go with them. Oldest first; answers how many went.
 *
 * The outer conditions are checked again on each row as it is deleted, so a guest seen (or
 * holding something) after the candidates were chosen stays.
 */
export async function deleteIdleGuests(db: Db, idleDays: number, unattachedDocumentDays: number, limit: number): Promise<number> {
  const cutoff = sql<Date>`now() - make_interval(days => ${idleDays}::integer)`;
  const { rows } = await sql<{ id: number }>`
    delete from users
    where id in (
      select u.id from users u
      where u.kind = 'guest' and u.last_seen_at < ${cutoff}
        and not exists (select 1 from favorites f where f.user_id = u.id)
        and not exists (select 1 from application_drafts d where d.user_id = u.id)
        and not exists (select 1 from applications a where a.user_id = u.id)
        and not exists (select 1 from trade_ins t where t.user_id = u.id)
        and not exists (select 1 from visits v where v.user_id = u.id and v.status = 'booked' and v.ends_at > now())
        and not exists (select 1 from audit_events e where e.actor_user_id = u.id)
        and not exists (
          select 1 from application_documents doc
          where doc.owner_user_id = u.id and doc.application_id is null
            and doc.created_at >= now() - make_interval(days => ${unattachedDocumentDays}::integer))
      order by u.last_seen_at
      limit ${limit}
    )
    and kind = 'guest' and last_seen_at < ${cutoff}
    returning id`.execute(db);
  return rows.length;
}

/** The guest's row locked for the rest of the transaction; false when there is no such guest. */
export async function lockGuest(db: Db, guestId: number): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('id', '=', guestId).where('kind', '=', 'guest').forUpdate().executeTakeFirst()) !==
    undefined
  );
}

export async function deleteGuest(db: Db, guestId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', guestId).where('kind', '=', 'guest').execute();
}
