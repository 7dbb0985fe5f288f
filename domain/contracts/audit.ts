import * as v from 'valibot';
import { pagedSchema, type Paged } from './paged.ts';

/** One event of GET /api/audit (docs/product/retention.md#audit-trail): who did what to which record, and when. */
export interface AuditEvent {
  id: number;
  /** Null for the system itself (start-up, configuration). */
  actorUserId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  at: string;
  /** Field names and statuses; never a value of personal data. */
  details: Record<string, unknown>;
}

/** GET /api/audit as the API document describes it (server/src/http/openapi.ts). */
export const auditPageSchema = pagedSchema(
  v.object({
    id: v.pipe(v.number(), v.integer()),
    actorUserId: v.nullable(v.pipe(v.number(), v.integer())),
    action: v.string(),
    entity: v.string(),
    entityId: v.nullable(v.string()),
    at: v.string(),
    details: v.record(v.string(), v.unknown()),
  }) satisfies v.GenericSchema<unknown, AuditEvent>,
) satisfies v.GenericSchema<unknown, Paged<AuditEvent>>;
