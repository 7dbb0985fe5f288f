import { DECIDED_APPLICATION_STATUSES, STAFF_APPLICATION_STATUSES, type ApplicationStatus } from './enums.ts';

/**
 * Who may still act on a submitted application, by its status (docs/product/submission.md#submission-and-statuses,
 * docs/decisions/013-changing-the-car-of-an-application.md). One rule for the server that refuses a
 * late action and the screens that offer none.
 */

/**
 * In review, an application awaits its decision: its applicant may still withdraw it or move it to
 * another car, and the lender's decision applies to it. Once decided (or withdrawn) the decision was
 * made for the application as it stands.
 */
export const awaitsDecision = (status: ApplicationStatus): boolean =>
  !(DECIDED_APPLICATION_STATUSES as readonly ApplicationStatus[]).includes(status);

/** Staff set any of their statuses, but never change one its applicant withdrew: nobody decides it any more. */
export const staffMayChangeStatus = (status: ApplicationStatus): boolean =>
  (STAFF_APPLICATION_STATUSES as readonly ApplicationStatus[]).includes(status);
