import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/**
 * What a merge did: moved the guest's things and deleted (or emptied) it, kept the guest whole
 * because it holds a submitted application, or found no such guest (already merged, or never
 * existed).
 */
export type MergeOutcome = 'merged' | 'kept' | 'none';

const holdsApplication = (db: Db, guestId: number) => db.selectFrom('applications').select('id').where('user_id', '=', guestId).executeTakeFirst();

/**
 * A browser that browsed as a guest and later arrives with Telegram identity keeps what it did:
 * favourites, viewed cars, the application draft and unattached licence photos move to the
 * Telegram user, then the guest is deleted. One transaction; calling it again is a no-op.
 *
 * Credit data never moves (docs/decisions/011-guest-costs-and-merges.md): a guest that has
 * submitted an application is not merged at all. The browser and the Telegram account may be two
 * people (a shared computer), so the application, its licence photos and everything else the
 * guest did stay with the guest, whose cookie stays valid so that this browser still sees the
 * application's status.
 */
export async function mergeGuestIntoUser(db: Db, guestId: number, userId: number): Promise<MergeOutcome> {
  if (guestId === userId) return 'none';
  // Every request from such a browser comes here: answering without a transaction keeps it cheap.
  if (await holdsApplication(db, guestId)) return 'kept';
  return db.transaction().execute(async (trx) => {
    // Locking the guest row serialises concurrent merges of one cookie (the second finds no
    // guest) and waits for a submission in progress, which locks the same row.
    const guest = await trx.selectFrom('users').select('id').where('id', '=', guestId).where('kind', '=', 'guest').forUpdate().executeTakeFirst();
    if (!guest) return 'none';
    if (await holdsApplication(trx, guestId)) return 'kept';

    await trx
      .insertInto('favorites')
      .columns(['user_id', 'car_uuid', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('favorites')
          .select([sql<number>`${userId}::integer`.as('user_id'), 'car_uuid', 'created_at'])
          .where('user_id', '=', guestId),
      )
      .onConflict((oc) => oc.columns(['user_id', 'car_uuid']).doNothing())
      .execute();
    await trx.deleteFrom('favorites').where('user_id', '=', guestId).execute();

    await trx.updateTable('car_views').set({ user_id: userId }).where('user_id', '=', guestId).execute();

    // One draft per user: the more recently edited one is what the person was working on.
    const drafts = await trx
      .selectFrom('application_drafts')
      .select(['user_id', 'updated_at'])
      .where('user_id', 'in', [guestId, userId])
      .execute();
    const guestDraft = drafts.find((d) => d.user_id === guestId);
    const userDraft = drafts.find((d) => d.user_id === userId);
    if (guestDraft && (!userDraft || guestDraft.updated_at > userDraft.updated_at)) {
      if (userDraft) await trx.deleteFrom('application_drafts').where('user_id', '=', userId).execute();
      await trx.updateTable('application_drafts').set({ user_id: userId }).where('user_id', '=', guestId).execute();
    }

    // Licence photos not yet in an application move with the person.
    await trx.updateTable('application_documents').set({ owner_user_id: userId }).where('owner_user_id', '=', guestId).where('application_id', 'is', null).execute();

    // Deleting a user nulls audit_events.actor_user_id, which the append-only trigger refuses;
    // a guest with history is kept, emptied (its cookie is gone all the same).
    const hasAudit = await trx.selectFrom('audit_events').select('id').where('actor_user_id', '=', guestId).executeTakeFirst();
    if (!hasAudit) await trx.deleteFrom('users').where('id', '=', guestId).execute();

    await recordAudit(trx, {
      actorUserId: userId,
      action: 'user.guest_merged',
      entity: 'user',
      entityId: userId,
      details: { guestId, guestDeleted: !hasAudit },
    });
    return 'merged';
  });
}
