import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { grantAdminToTelegramIds } from './users.repository.ts';

/**
 * ADMIN_TELEGRAM_IDS are made admins at every start (docs/product/screens.md#audiences-and-channels), creating their users
 * rows if they never opened the app, so the first admin can sign in before anyone grants anything.
 * Answers how many users became admins just now; each of them is audited.
 */
export async function promoteConfiguredAdmins(db: Db, telegramIds: readonly number[]): Promise<number> {
  if (telegramIds.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const promoted = await grantAdminToTelegramIds(trx, telegramIds);
    for (const user of promoted) {
      await recordAudit(trx, {
        actorUserId: null,
        action: 'user.admin_granted',
        entity: 'user',
        entityId: user.id,
        details: { source: 'ADMIN_TELEGRAM_IDS' },
      });
    }
    return promoted.length;
  });
}
