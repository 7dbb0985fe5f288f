import type { UserItem } from '../../../domain/contracts/users.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { setAdminFlag, toUserItem, type AdminChange } from '../users/users.repository.ts';
import { endStaffAccess } from './staff-sessions.service.ts';

/** What granting or revoking admin rights came to: the user as the dashboard lists them, or why not. */
export type AdminRightsChange = Exclude<AdminChange, { kind: 'ok' }> | { kind: 'ok'; user: UserItem };

/**
 * Grants or revokes admin rights. A change is audited in its transaction, naming the admin who made
 * it; asking for the rights a user already has changes and audits nothing. It lives with the staff
 * sessions it ends, above the users feature whose flag it sets.
 */
export async function changeAdminRights(db: Db, actorUserId: number, userId: number, isAdmin: boolean): Promise<AdminRightsChange> {
  const change = await db.transaction().execute(async (trx) => {
    const change = await setAdminFlag(trx, userId, isAdmin);
    if (change.kind === 'ok' && change.changed) {
      // A former admin keeps no way back in: every browser is signed out and the passkeys go too
      // (re-granting rights starts afresh: a link sign-in, then a first passkey).
      if (!isAdmin) await endStaffAccess(trx, userId);
      await recordAudit(trx, {
        actorUserId,
        action: isAdmin ? 'user.admin_granted' : 'user.admin_revoked',
        entity: 'user',
        entityId: userId,
      });
    }
    return change;
  });
  return change.kind === 'ok' ? { kind: 'ok', user: toUserItem(change.user) } : change;
}
