import { describe, expect, it } from 'vitest';
import { awaitsDecision, staffMayChangeStatus } from './application-status.ts';
import { APPLICATION_STATUSES } from './enums.ts';

describe('who may still act on an application', () => {
  it('lets the applicant withdraw it or change its car, and the lender decide it, only while it is in review', () => {
    expect(APPLICATION_STATUSES.filter(awaitsDecision)).toEqual(['in_review']);
  });

  it('lets staff change any status but a withdrawal', () => {
    expect(APPLICATION_STATUSES.filter(staffMayChangeStatus)).toEqual(['in_review', 'approved', 'rejected']);
  });
});
