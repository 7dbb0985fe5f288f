import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createTelegramUser } from '../../test/identity.ts';
import { promoteConfiguredAdmins } from './configured-admins.ts';

describe.each(DATABASE_KINDS)('admins from ADMIN_TELEGRAM_IDS on %s', (kind) => {
  const t = useTestApp(kind);
  const adminFlag = async (telegramId: number) =>
    (await t.db.selectFrom('users').select(['is_admin', 'kind']).where('telegram_id', '=', telegramId).executeTakeFirst()) ?? null;

  it('creates admins who never opened the app', async () => {
    await promoteConfiguredAdmins(t.db, [501]);
    expect(await adminFlag(501)).toEqual({ is_admin: true, kind: 'telegram' });
  });

  it('makes existing users admins again at every start, even after a revoke', async () => {
    await createTelegramUser(t.db, 502, { is_admin: false });
    expect(await promoteConfiguredAdmins(t.db, [502])).toBe(1);
    expect((await adminFlag(502))?.is_admin).toBe(true);
  });

  it('audits only the users it actually promoted', async () => {
    await promoteConfiguredAdmins(t.db, [503, 503]);
    expect(await promoteConfiguredAdmins(t.db, [503])).toBe(0);
    const user = await t.db.selectFrom('users').select('id').where('telegram_id', '=', 503).executeTakeFirstOrThrow();
    const events = await t.db.selectFrom('audit_events').selectAll().where('entity_id', '=', String(user.id)).execute();
    expect(events).toEqual([
      expect.objectContaining({ action: 'user.admin_granted', actor_user_id: null, details: { source: 'ADMIN_TELEGRAM_IDS' } }),
    ]);
  });

  it('does nothing when no ids are configured', async () => {
    expect(await promoteConfiguredAdmins(t.db, [])).toBe(0);
  });
});
