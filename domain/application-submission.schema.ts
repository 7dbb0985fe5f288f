import * as v from 'valibot';
import { createCreationPayloadSchema } from './application.schema.ts';
import { consentAcceptancesSchema } from './consents.ts';
import { applicationDealSchema } from './deals/application-deal.schema.ts';
import { type Clock, systemClock } from './dates.ts';
import { type ValidationMessage, validationMessages as m } from './messages.ts';

const MAX_ROW_ID = 2 ** 31 - 1;

/** A licence photo in a submission: the id that POST /api/applications/documents answered, as a number or as text. */
function documentIdField(required: ValidationMessage) {
  return v.pipe(
    v.nullish(v.union([v.string(), v.number()], required), ''),
    v.transform(String),
    v.trim(),
    v.nonEmpty(required),
    v.regex(/^[1-9]\d{0,9}$/, m.licensePhotoNotUploaded),
    v.transform(Number),
    v.maxValue(MAX_ROW_ID, m.licensePhotoNotUploaded),
  );
}

/**
 * Body of POST /api/applications: the creation payload (docs/product/submission.md#submission-and-statuses) without its dealer block, which the
 * server fills from its own configuration (a dealer block sent by a client is dropped unread), plus the
 * consents the applicant accepted on the review step, and the deal they apply with, if any. The photos
 * are the caller's own uploads.
 */
export function createSubmissionSchema(clock: Clock = systemClock) {
  const { dealer: _dealer, ...payload } = createCreationPayloadSchema(clock).entries;
  return v.object(
    {
      ...payload,
      images: v.object(
        { front: documentIdField(m.frontOfLicenseRequired), back: documentIdField(m.backOfLicenseRequired) },
        m.invalidValue,
      ),
      consents: consentAcceptancesSchema,
      /** The deal chosen on the car page; only with a `carId`, priced for that car. */
      deal: v.optional(v.nullable(applicationDealSchema), null),
    },
    m.invalidValue,
  );
}

export const submissionSchema = createSubmissionSchema();

export type Submission = v.InferOutput<typeof submissionSchema>;

/** Body of PATCH /api/applications/mine/car: the catalogue car the applicant now wants the application for. */
export const applicationCarChangeSchema = v.object(
  { carId: v.pipe(v.string(m.invalidValue), v.trim(), v.uuid(m.invalidValue)) },
  m.invalidValue,
);
