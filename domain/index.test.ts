import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('domain public API', () => {
  it.each([
    'personalSchema',
    'housingSchema',
    'incomeSchema',
    'driverLicenseSchema',
    'applicationDraftSchema',
    'applicationEditSchema',
    'creationPayloadSchema',
    'applicantPatchSchema',
    'applicationRecordSchema',
    'dealerBlockSchema',
    'validationMessages',
    'carListQuerySchema',
    'US_STATES',
    'THEME',
  ])('exports %s', (name) => {
    expect(domain).toHaveProperty(name, expect.any(Object));
  });

  it.each([
    'createPersonalSchema',
    'createApplicationDraftSchema',
    'createCreationPayloadSchema',
    'buildCreationPayload',
    'applicationToFormValues',
    'formValuesToApplicantPatch',
    'formatPhoneForApi',
    'formatDateForApi',
    'toTotalMonths',
    'applyPhoneMask',
    'getFieldErrors',
  ])('exports the function %s', (name) => {
    expect(domain).toHaveProperty(name, expect.any(Function));
  });
});
