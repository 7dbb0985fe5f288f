import * as v from 'valibot';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../enums.ts';

/** One application whose personal data the retention job erases next: ids and dates, no personal data. */
export interface ErasureDue {
  applicationId: number;
  userId: number;
  status: ApplicationStatus;
  decidedAt: string;
  /** RETENTION_MONTHS after decidedAt; in the past when the job has not run since. */
  dueAt: string;
}

/** GET /api/retention/due (staff). */
export interface RetentionDueAnswer {
  /** RETENTION_MONTHS. */
  months: number;
  /** Soonest first. */
  items: ErasureDue[];
}

/** RetentionDueAnswer as the API document describes it (server/src/http/openapi.ts). */
export const retentionDueAnswerSchema = v.object({
  months: v.number(),
  items: v.array(
    v.object({
      applicationId: v.pipe(v.number(), v.integer()),
      userId: v.pipe(v.number(), v.integer()),
      status: v.picklist(APPLICATION_STATUSES),
      decidedAt: v.string(),
      dueAt: v.string(),
    }) satisfies v.GenericSchema<unknown, ErasureDue>,
  ),
}) satisfies v.GenericSchema<unknown, RetentionDueAnswer>;
