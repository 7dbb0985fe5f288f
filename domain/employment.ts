import type { EmploymentStatus } from './enums.ts';

/**
 * What the income step asks about the applicant's current work, by employment status (docs/product/application-wizard.md#income,
 * decision 012). The original design asked every status for an employer's name (a school's for a student); a retired or
 * unemployed applicant has none, so the same field asks for what stands in its place: the pension or the
 * income source. Only a status with a workplace is asked for its address, and then it is required, as a
 * previous job's is; the wizard's schema and the submission read the same table, so nothing that was not
 * asked is validated or sent.
 */
export interface EmploymentQuestions {
  /** The name field is the school's (schoolName, schoolPhone) rather than the employer's. */
  readonly school: boolean;
  readonly occupation: boolean;
  readonly phone: boolean;
  readonly address: boolean;
}

const workplace: EmploymentQuestions = { school: false, occupation: true, phone: true, address: true };
const noWorkplace: EmploymentQuestions = { school: false, occupation: false, phone: false, address: false };

export const EMPLOYMENT_QUESTIONS: Record<EmploymentStatus, EmploymentQuestions> = {
  Employed: workplace,
  'Self-Employed': workplace,
  'Active Military': workplace,
  Other: { ...workplace, address: false },
  Student: { school: true, occupation: false, phone: true, address: false },
  Retired: noWorkplace,
  'Retired Military': noWorkplace,
  Unemployed: noWorkplace,
};

/** What a status asks; before a status is chosen, what an employee is asked. */
export function employmentQuestions(status: string): EmploymentQuestions {
  return status in EMPLOYMENT_QUESTIONS ? EMPLOYMENT_QUESTIONS[status as EmploymentStatus] : workplace;
}

/** A previous job was a job: the statuses that are not one (unemployed, retired, a student) are not offered. */
export const PREVIOUS_JOB_STATUSES = [
  'Employed',
  'Self-Employed',
  'Active Military',
  'Other',
] as const satisfies readonly EmploymentStatus[];
