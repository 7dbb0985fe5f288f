import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { buildSubmissionPayload } from './application-mapping.ts';
import { createSubmissionSchema } from './application-submission.schema.ts';
import { CONSENTS } from './consents.ts';
import { validationMessages as m } from './messages.ts';
import { dealerBlock, draftInput, errorsOf, fixedClock } from './test-fixtures.ts';
import { createApplicationDraftSchema } from './wizard.schema.ts';

const schema = createSubmissionSchema(fixedClock);
const consents = CONSENTS.filter((consent) => consent.required).map(({ kind, version }) => ({ kind, version }));
const submission = (images: Record<string, unknown> = { front: '12', back: 13 }) => {
  const draft = v.parse(createApplicationDraftSchema(fixedClock), draftInput());
  const payload = buildSubmissionPayload(draft, { userId: 7 });
  return { ...payload, images, consents };
};

describe('the body of a submission', () => {
  it('takes the photos as the ids their upload answered, as text or as numbers', () => {
    const result = v.parse(schema, submission());
    expect(result.images).toEqual({ front: 12, back: 13 });
  });

  it('drops a dealer block sent by the client: the server fills its own', () => {
    expect(v.parse(schema, { ...submission(), dealer: dealerBlock })).not.toHaveProperty('dealer');
  });

  it('carries the consents the applicant accepted', () => {
    expect(v.parse(schema, submission()).consents).toEqual(consents);
  });

  it.each([
    [{ front: '', back: '13' }, { 'images.front': m.frontOfLicenseRequired }],
    [{ front: '12' }, { 'images.back': m.backOfLicenseRequired }],
    [{ front: 'photo.jpg', back: '13' }, { 'images.front': m.licensePhotoNotUploaded }],
    [{ front: '12', back: 0 }, { 'images.back': m.licensePhotoNotUploaded }],
    [{ front: '9999999999', back: '13' }, { 'images.front': m.licensePhotoNotUploaded }],
    [{ front: true, back: '13' }, { 'images.front': m.frontOfLicenseRequired }],
  ])('refuses photos that are not upload ids: %j', (images, errors) => {
    expect(errorsOf(schema, submission(images))).toEqual(errors);
  });
});
