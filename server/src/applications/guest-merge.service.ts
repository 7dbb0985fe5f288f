import type { Db } from '../db/database.ts';
import { hasActedInAudit, recordAudit } from '../audit/audit.repository.ts';
import { hasApplication } from './applications.repository.ts';
import { moveUnattachedDocumentsToUser } from './documents.repository.ts';
import { moveDraftToUser } from './drafts.repository.ts';
import { moveCarViewsToUser, moveFavoritesToUser } from '../favorites/favorites.repository.ts';
import { moveTradeInsToUser } from '../trade-ins/trade-ins.repository.ts';
import { deleteGuest, lockGuest } from '../users/guests.repository.ts';
import { moveVisitsToUser } from '../visits/visits.repository.ts';

/**
 * What a merge did: moved the guest's things and deleted (or emptied) it, kept the guest whole
 * because it holds a submitted application, or found no such guest (already merged, or never
 * existed).
 */
export type MergeOutcome = 'merged' | 'kept' | 'none';

/**
 * A browser that browsed as a guest and later arrives with Telegram identity keeps what it did:
 * favourites, viewed cars, the application draft, unattached licence photos, trade-ins and visits
 * move to the Telegram user (a guest's current trade-in is withdrawn when the user has one of their own),
 * then the guest is deleted. One transaction; calling it again is a no-op.
 *
 * Credit data never moves (docs/decisions/011-guest-costs-and-merges.md): a guest that has
 * submitted an application is not merged at all. The browser and the Telegram account may be two
 * people (a shared computer), so the application, its licence photos and everything else the
 * guest did stay with the guest, whose cookie stays valid so that this browser still sees the
 * application's status.
 *
 * It lives here, the feature whose rows decide it, above users and favorites; the identity layer
 * that calls it on sign-in is given it by server/src/api.ts, since applications build on auth.
 */
export async function mergeGuestIntoUser(db: Db, guestId: number, userId: number): Promise<MergeOutcome> {
  if (guestId === userId) return 'none';
  // Every request from such a browser comes here: answering without a transaction keeps it cheap.
  if (await hasApplication(db, guestId)) return 'kept';
  return db.transaction().execute(async (trx) => {
    // Locking the guest row serialises concurrent merges of one cookie (the second finds no
    // guest) and waits for a submission in progress, which locks the same row.
    if (!(await lockGuest(trx, guestId))) return 'none';
    if (await hasApplication(trx, guestId)) return 'kept';

    await moveFavoritesToUser(trx, guestId, userId);
    await moveCarViewsToUser(trx, guestId, userId);
    await moveDraftToUser(trx, guestId, userId);
    await moveUnattachedDocumentsToUser(trx, guestId, userId);
    await moveTradeInsToUser(trx, guestId, userId);
    await moveVisitsToUser(trx, guestId, userId);

    // Deleting a user nulls audit_events.actor_user_id, which the append-only trigger refuses;
    // a guest with history is kept, emptied (its cookie is gone all the same).
    const hasAudit = await hasActedInAudit(trx, guestId);
    if (!hasAudit) await deleteGuest(trx, guestId);

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
