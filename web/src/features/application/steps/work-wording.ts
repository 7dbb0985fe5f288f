import type { EmploymentStatus } from '../../../../../domain/enums.ts';

/** The English words (message ids) the current-work section uses for a status (decision 012). */
interface WorkWording {
  legend: string;
  name: string;
  hint?: string;
  occupation?: string;
  time: string;
}

const EMPLOYEE: WorkWording = { legend: 'Employer', name: 'Employer name', occupation: 'Occupation', time: 'Time at this job' };

const WORDING: Record<EmploymentStatus, WorkWording> = {
  Employed: EMPLOYEE,
  'Self-Employed': {
    legend: 'Your business',
    name: 'Business name',
    hint: 'If you work under your own name, enter your name.',
    occupation: 'What you do',
    time: 'Time in business',
  },
  'Active Military': {
    legend: 'Military service',
    name: 'Branch of service',
    hint: 'For example, US Army or US Navy.',
    occupation: 'Rank or role',
    time: 'Time in service',
  },
  Other: {
    legend: 'Employer or income source',
    name: 'Employer or income source',
    occupation: 'Occupation',
    time: 'Time at this job or with this income',
  },
  Student: { legend: 'School', name: 'School name', time: 'Time at this school' },
  Retired: {
    legend: 'Retirement',
    name: 'Former employer or pension source',
    hint: 'For example, the company you retired from, or Social Security.',
    time: 'Time since you retired',
  },
  'Retired Military': {
    legend: 'Retirement',
    name: 'Branch you retired from',
    hint: 'For example, US Army.',
    time: 'Time since you retired',
  },
  Unemployed: {
    legend: 'Income source',
    name: 'Source of your income',
    hint: 'For example, unemployment benefits, savings or family support.',
    time: 'Time since your last job',
  },
};

/** The words for a status; before one is chosen, an employee's. */
export const wordingOf = (status: string) => (status in WORDING ? WORDING[status as EmploymentStatus] : EMPLOYEE);
