import { type Selectable, sql } from 'kysely';
import type { AdverseActionRejection, CreditReport, NoticeChannel } from '../../../domain/adverse-action.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/enums.ts';
import { REG_B_DECISION_STATUSES, REG_B_NOTICE_STATUS } from '../../../domain/regulation-b.ts';
import type { Db } from '../db/database.ts';
import type { AdverseActionNoticesTable, ApplicationsTable, CarsTable } from '../db/schema.ts';

export type NoticeRow = Selectable<AdverseActionNoticesTable>;

/** The report a notice names, with the score it supplied when one was used (two columns, one value). */
export function creditReportOf(notice: NoticeRow): CreditReport | null {
  if (notice.credit_report === null) return null;
  return notice.credit_score === null
    ? { bureau: notice.credit_report.bureau }
    : { bureau: notice.credit_report.bureau, score: notice.credit_score };
}

/**
 * Records a rejection's notice in the applicant's language as it is now (users.language); called
 * in the transaction of the status change.
 */
export async function insertNotice(db: Db, applicationId: number, userId: number, rejection: AdverseActionRejection): Promise<NoticeRow> {
  return db
    .insertInto('adverse_action_notices')
    .values((eb) => ({
      application_id: applicationId,
      reasons: JSON.stringify(rejection.reasons),
      other_reason: rejection.otherReason,
      credit_report: rejection.creditReport === null ? null : JSON.stringify({ bureau: rejection.creditReport.bureau }),
      credit_score: rejection.creditReport?.score === undefined ? null : JSON.stringify(rejection.creditReport.score),
      language: eb.fn.coalesce(eb.selectFrom('users').select('language').where('id', '=', userId), eb.val<Language>(DEFAULT_LANGUAGE)),
    }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The application's latest notice: a rejection after a reconsideration issues another. */
export async function findLatestNotice(db: Db, applicationId: number): Promise<NoticeRow | undefined> {
  return db
    .selectFrom('adverse_action_notices')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** A notice with what it prints of its application (the applicant's name and address, and the car), and whose it is. */
export type PrintableNotice = NoticeRow & {
  applicant: Pick<Selectable<ApplicationsTable>, 'user_id' | 'first_name' | 'last_name' | 'suffix' | 'address'>;
  car: Pick<Selectable<CarsTable>, 'year' | 'brand' | 'model' | 'trim'> | null;
};

/**
 * Notices with their application and car, read here rather than through the applications feature,
 * which records notices and so sits above this one (scripts/import-cycles.ts). Only reads them.
 */
const printableNotices = (db: Db) =>
  db
    .selectFrom('adverse_action_notices as notice')
    .innerJoin('applications', 'applications.id', 'notice.application_id')
    .leftJoin('cars', 'cars.uuid', 'applications.car_uuid')
    .selectAll('notice')
    .select([
      'applications.user_id',
      'applications.first_name',
      'applications.last_name',
      'applications.suffix',
      'applications.address',
      'cars.year',
      'cars.brand',
      'cars.model',
      'cars.trim',
    ])
    .orderBy('notice.created_at', 'desc')
    .orderBy('notice.id', 'desc');

async function printable(query: ReturnType<typeof printableNotices>): Promise<PrintableNotice | undefined> {
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const { user_id, first_name, last_name, suffix, address, year, brand, model, trim, ...notice } = row;
  return {
    ...notice,
    applicant: { user_id, first_name, last_name, suffix, address },
    car: year === null || brand === null || model === null ? null : { year, brand, model, trim },
  };
}

export const findPrintableNotice = (db: Db, noticeId: number) => printable(printableNotices(db).where('notice.id', '=', noticeId));

/** The application's latest notice, as findLatestNotice picks it. */
export const findLatestPrintableNotice = (db: Db, applicationId: number) =>
  printable(printableNotices(db).where('notice.application_id', '=', applicationId));

/** The latest notice of the user's application (an applicant has at most one, migration 0001). */
export const findLatestPrintableNoticeOfUser = (db: Db, userId: number) =>
  printable(printableNotices(db).where('applications.user_id', '=', userId));

/** The applicant received the notice; the first delivery's time stands (an outbox retry may deliver twice). */
export async function markNoticeDelivered(db: Db, noticeId: number, channel: NoticeChannel, at: Date): Promise<void> {
  await db
    .updateTable('adverse_action_notices')
    .set({ delivered_at: at, delivery_channel: channel })
    .where('id', '=', noticeId)
    .where('delivered_at', 'is', null)
    .execute();
}

/**
 * Whether the application row under `alias` still owes the applicant word of the decision, so its
 * Regulation B clock runs (regBClock in domain/regulation-b.ts, whose statuses these are): awaiting
 * the decision, or rejected without an adverse-action notice. The users filter and the metrics count only these.
 */
export const awaitsDecisionNotice = (alias: string) => {
  const status = sql.ref(`${alias}.status`);
  const decisionStatuses = sql.join(REG_B_DECISION_STATUSES.map((value) => sql.lit(value)));
  return sql<boolean>`(${status} in (${decisionStatuses}) or (${status} = ${sql.lit(REG_B_NOTICE_STATUS)} and not exists (select 1 from adverse_action_notices notice where notice.application_id = ${sql.ref(`${alias}.id`)})))`;
};
