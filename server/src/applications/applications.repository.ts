import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { ConsentAcceptance } from '../../../domain/consents.ts';
import type { AcceptedConsent, ApplicationCar, ApplicationDocument, StaffStatusChange, StatusChange } from '../../../domain/contracts/applications.ts';
import type { LicenceSide } from '../../../domain/contracts/documents.ts';
import type { ApplicationStatus } from '../../../domain/enums.ts';
import type { Db } from '../db/database.ts';
import type { ApplicationsTable } from '../db/schema.ts';

export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplicationRow = Insertable<ApplicationsTable>;
export type ApplicationChanges = Updateable<ApplicationsTable>;

export async function findApplicationById(db: Db, id: number): Promise<ApplicationRow | undefined> {
  return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findApplicationByUser(db: Db, userId: number): Promise<ApplicationRow | undefined> {
  return db.selectFrom('applications').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findApplicationByIdempotencyKey(db: Db, key: string): Promise<ApplicationRow | undefined> {
  return db.selectFrom('applications').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Locks the applicant's user row for the rest of the transaction: one user's submissions go one at a time. */
export async function lockApplicant(db: Db, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function insertApplication(db: Db, row: NewApplicationRow): Promise<ApplicationRow> {
  return db.insertInto('applications').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateApplication(db: Db, id: number, changes: ApplicationChanges): Promise<ApplicationRow> {
  return db
    .updateTable('applications')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface OwnDocument {
  id: number;
  side: LicenceSide;
}

/** The owner's photos among the given ids that no application uses yet. */
export async function findUnattachedDocuments(db: Db, ownerUserId: number, ids: readonly number[]): Promise<OwnDocument[]> {
  return db
    .selectFrom('application_documents')
    .select(['id', 'side'])
    .where('id', 'in', ids)
    .where('owner_user_id', '=', ownerUserId)
    .where('application_id', 'is', null)
    .forUpdate()
    .execute();
}

export async function attachDocuments(db: Db, applicationId: number, ids: readonly number[]): Promise<void> {
  await db.updateTable('application_documents').set({ application_id: applicationId }).where('id', 'in', ids).execute();
}

export async function insertConsents(db: Db, applicationId: number, consents: readonly ConsentAcceptance[]): Promise<void> {
  if (consents.length === 0) return;
  await db
    .insertInto('application_consents')
    .values(consents.map((consent) => ({ application_id: applicationId, kind: consent.kind, text_version: consent.version })))
    .execute();
}

export async function insertStatusChange(db: Db, applicationId: number, from: ApplicationStatus | null, to: ApplicationStatus, changedBy: number | null): Promise<void> {
  await db.insertInto('application_status_history').values({ application_id: applicationId, from_status: from, to_status: to, changed_by: changedBy }).execute();
}

/** "First Last", else "@username", else "User 12": how staff are named in histories. */
const actorName = sql<string>`coalesce(
  nullif(trim(concat_ws(' ', actor.first_name, actor.last_name)), ''),
  '@' || actor.username,
  'User ' || actor.id
)`;

/** Oldest first, with the staff member who made each change. */
export async function listStatusHistory(db: Db, applicationId: number): Promise<StaffStatusChange[]> {
  const rows = await db
    .selectFrom('application_status_history as h')
    .leftJoin('users as actor', 'actor.id', 'h.changed_by')
    .select(['h.from_status', 'h.to_status', 'h.changed_at', 'actor.id as actorId', actorName.as('actorName')])
    .where('h.application_id', '=', applicationId)
    .orderBy('h.changed_at')
    .orderBy('h.id')
    .execute();
  return rows.map((row) => ({
    from: row.from_status,
    status: row.to_status,
    at: row.changed_at.toISOString(),
    by: row.actorId === null ? null : { id: row.actorId, name: row.actorName },
  }));
}

/** The applicant's view of the history: statuses and times only. */
export const toStatusChanges = (history: readonly StaffStatusChange[]): StatusChange[] => history.map(({ status, at }) => ({ status, at }));

export async function listDocuments(db: Db, applicationId: number): Promise<ApplicationDocument[]> {
  return db
    .selectFrom('application_documents')
    .select(['id', 'side', 'mime', 'size', 'width', 'height'])
    .where('application_id', '=', applicationId)
    .orderBy('side', 'desc')
    .execute();
}

export interface StoredDocument {
  mime: string;
  contentEncrypted: Uint8Array;
}

export async function findDocumentContent(db: Db, applicationId: number, side: LicenceSide): Promise<StoredDocument | undefined> {
  const row = await db
    .selectFrom('application_documents')
    .select(['mime', 'content_encrypted'])
    .where('application_id', '=', applicationId)
    .where('side', '=', side)
    .executeTakeFirst();
  return row && { mime: row.mime, contentEncrypted: row.content_encrypted };
}

export async function listConsents(db: Db, applicationId: number): Promise<AcceptedConsent[]> {
  const rows = await db
    .selectFrom('application_consents')
    .select(['kind', 'text_version', 'accepted_at'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ kind: row.kind, version: row.text_version, acceptedAt: row.accepted_at.toISOString() }));
}

export async function findApplicationCar(db: Db, uuid: string | null): Promise<ApplicationCar | null> {
  if (uuid === null) return null;
  const row = await db
    .selectFrom('cars')
    .select(['uuid', 'brand', 'model', 'year', 'trim', 'price', 'mileage', 'condition', sql<string | null>`photos[1]`.as('photo')])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return row ?? null;
}

export async function carExists(db: Db, uuid: string): Promise<boolean> {
  return (await db.selectFrom('cars').select('uuid').where('uuid', '=', uuid).executeTakeFirst()) !== undefined;
}

export interface TrailQuery {
  applicationId: number;
  page: number;
  limit: number;
}

/** The application's audit events, newest first, with who did each. */
export async function listTrail(db: Db, q: TrailQuery) {
  const filtered = db.selectFrom('audit_events as e').where('e.entity', '=', 'application').where('e.entity_id', '=', String(q.applicationId));
  const [rows, counted] = await Promise.all([
    filtered
      .leftJoin('users as actor', 'actor.id', 'e.actor_user_id')
      .select(['e.id', 'e.action', 'e.at', 'e.details', 'actor.id as actorId', actorName.as('actorName')])
      .orderBy('e.at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const events = rows.map((row) => ({
    id: Number(row.id),
    action: row.action,
    at: row.at.toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName },
    details: row.details,
  }));
  return { events, total: Number(counted.total) };
}
