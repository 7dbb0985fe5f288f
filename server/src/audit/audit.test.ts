import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, injectAs } from '../../test/identity.ts';
import type { AuditEvent } from '../../../domain/contracts/audit.ts';
import { recordAudit } from './audit.repository.ts';

describe.each(DATABASE_KINDS)('the audit log on %s', (kind) => {
  const t = useTestApp(kind);
  const ADMIN = { id: 7700 };
  let adminId: number;

  beforeAll(async () => {
    adminId = (await createAdmin(t.db, ADMIN.id)).id;
    for (let i = 1; i <= 5; i++) {
      await recordAudit(t.db, {
        actorUserId: adminId,
        action: 'application.viewed',
        entity: 'application',
        entityId: 42,
        details: { n: i },
      });
    }
    await recordAudit(t.db, { actorUserId: null, action: 'faq.created', entity: 'faq', entityId: '7' });
  });

  const read = async (qs: string) => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/audit${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: AuditEvent[]; total: number; page: number; limit: number; totalPages: number }>();
  };

  it('shows admins the events of one entity, newest first', async () => {
    const body = await read('?entity=application&entityId=42');
    expect(body.total).toBe(5);
    expect(body.items.map((e) => e.details.n)).toEqual([5, 4, 3, 2, 1]);
    expect(body.items[0]).toMatchObject({ actorUserId: adminId, action: 'application.viewed', entity: 'application', entityId: '42' });
  });

  it('pages through the events', async () => {
    const body = await read('?entity=application&entityId=42&limit=2&page=3');
    expect(body).toMatchObject({ page: 3, limit: 2, total: 5, totalPages: 3 });
    expect(body.items.map((e) => e.details.n)).toEqual([1]);
  });

  it('records system events without an actor', async () => {
    const body = await read('?entity=faq');
    expect(body.items).toEqual([expect.objectContaining({ actorUserId: null, action: 'faq.created', entityId: '7', details: {} })]);
  });

  it('answers 400 for a malformed page', async () => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/audit?page=last' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses to change a recorded event', async () => {
    await expect(sql`update audit_events set action = 'rewritten'`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('refuses to delete a recorded event', async () => {
    await expect(sql`delete from audit_events`.execute(t.db)).rejects.toThrow(/append-only/);
  });
});
