import type { ApplicationStatus } from '../enums.ts';

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
