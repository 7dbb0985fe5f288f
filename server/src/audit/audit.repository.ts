import type { AuditEvent } from '../../../domain/contracts/audit.ts';
import { toPaged, type Paged } from '../../../domain/contracts/paged.ts';
import type { Db } from '../db/database.ts';

/**
 * What happened, who did it and to what (docs/product/retention.md#audit-trail). The table is append-only:
 * a database trigger refuses every update and delete. Details must never carry personal data such
 * as an SSN or a birth date; name the field that changed, not its value.
 */
export interface AuditEntry {
  /** Null for the system itself (start-up, configuration). */
  actorUserId: number | null;
  /** Dotted verb, such as 'auth.sign_in', 'user.admin_granted', 'application.viewed'. */
  action: string;
  /** The kind of thing acted on: 'user', 'application', 'faq', … */
  entity: string;
  entityId: string | number | null;
  details?: Record<string, unknown>;
}

const toRow = (entry: AuditEntry) => ({
  actor_user_id: entry.actorUserId,
  action: entry.action,
  entity: entry.entity,
  entity_id: entry.entityId === null ? null : String(entry.entityId),
  details: JSON.stringify(entry.details ?? {}),
});

/** Writes one audit event; pass the transaction of the change it records so both land or neither. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_events').values(toRow(entry)).execute();
}

/** Writes many audit events in one statement (a stock file's new cars), in the order given. */
export async function recordAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length > 0) await db.insertInto('audit_events').values(entries.map(toRow)).execute();
}

export interface AuditQuery {
  page: number;
  limit: number;
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  actorUserId?: number | undefined;
}

/** Newest first; the id breaks ties between events of the same instant. */
export async function listAudit(db: Db, q: AuditQuery): Promise<Paged<AuditEvent>> {
  let filtered = db.selectFrom('audit_events');
  if (q.entity !== undefined) filtered = filtered.where('entity', '=', q.entity);
  if (q.entityId !== undefined) filtered = filtered.where('entity_id', '=', q.entityId);
  if (q.action !== undefined) filtered = filtered.where('action', '=', q.action);
  if (q.actorUserId !== undefined) filtered = filtered.where('actor_user_id', '=', q.actorUserId);
  const [rows, counted] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const events = rows.map((row) => ({
    id: row.id,
    actorUserId: row.actor_user_id,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    at: row.at.toISOString(),
    details: row.details,
  }));
  return toPaged(events, Number(counted.total), q.page, q.limit);
}

/** Whether the user appears as the actor of any audit event (such a user cannot be deleted). */
export async function hasActedInAudit(db: Db, userId: number): Promise<boolean> {
  return (await db.selectFrom('audit_events').select('id').where('actor_user_id', '=', userId).executeTakeFirst()) !== undefined;
}
