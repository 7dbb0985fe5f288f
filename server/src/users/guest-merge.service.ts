import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/**
 * A browser that browsed as a guest and later arrives with Telegram identity keeps what it did
 * (issue 4): favourites, viewed cars, the application draft, the application and unattached licence photos move to the
 * Telegram user, then the guest is deleted. One transaction; calling it again is a no-op.
 *
 * Answers false when there was no such guest (already merged, or never existed).
 */
export async function mergeGuestIntoUser(db: Db, guestId: number, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Locking the guest row serialises concurrent merges of one cookie: the second finds no guest.
    const guest = await trx.selectFrom('users').select('id').where('id', '=', guestId).where('kind', '=', 'guest').forUpdate().executeTakeFirst();
    if (!guest || guestId === userId) return false;

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

    // One application per user: a submitted one is never thrown away, so if the Telegram user
    // already has one, the guest's stays with the guest row below.
    const userHasApplication = await trx.selectFrom('applications').select('id').where('user_id', '=', userId).executeTakeFirst();
    if (!userHasApplication) await trx.updateTable('applications').set({ user_id: userId }).where('user_id', '=', guestId).execute();

    // Licence photos not yet in an application move with the person; those in an application
    // follow it (so deleting the guest below cannot take them along).
    await trx
      .updateTable('application_documents')
      .set({ owner_user_id: userId })
      .where('owner_user_id', '=', guestId)
      .where((eb) => eb.or([eb('application_id', 'is', null), eb('application_id', 'in', eb.selectFrom('applications').select('id').where('user_id', '=', userId))]))
      .execute();

    // Deleting a user nulls audit_events.actor_user_id, which the append-only trigger refuses;
    // a guest that still owns an application or history is kept (its cookie is gone all the same).
    const keep = await trx
      .selectFrom('users')
      .select((eb) => [
        eb.exists(eb.selectFrom('applications').select('id').where('user_id', '=', guestId)).as('hasApplication'),
        eb.exists(eb.selectFrom('audit_events').select('id').where('actor_user_id', '=', guestId)).as('hasAudit'),
      ])
      .where('id', '=', guestId)
      .executeTakeFirstOrThrow();
    if (!keep.hasApplication && !keep.hasAudit) await trx.deleteFrom('users').where('id', '=', guestId).execute();

    await recordAudit(trx, {
      actorUserId: userId,
      action: 'user.guest_merged',
      entity: 'user',
      entityId: userId,
      details: { guestId, guestDeleted: !keep.hasApplication && !keep.hasAudit },
    });
    return true;
  });
}
