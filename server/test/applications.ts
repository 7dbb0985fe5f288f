import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Insertable } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { CONSENTS } from '../../domain/consents.ts';
import type { MyApplication } from '../../domain/contracts/applications.ts';
import type { LicenceSide, UploadedDocument } from '../../domain/contracts/documents.ts';
import type { Db } from '../src/db/database.ts';
import type { ApplicationsTable } from '../src/db/schema.ts';
import type { ImageDecoder, ImageDecoderCounters } from '../src/media/image-decoder.service.ts';
import { injectAs, type TestTelegramUser } from './identity.ts';

/** Who makes a request: a Telegram user (signed init data), a cookie (guest or session), or nobody. */
export type Who = TestTelegramUser | { cookie: string } | null;

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

const BOUNDARY = '----licence-test-boundary';

/** A multipart/form-data body as a browser builds it. */
export function multipart(parts: Part[]) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

export const licencePhoto = (bytes: Buffer, { side = 'front', filename = 'licence.jpg', contentType = 'image/jpeg' } = {}) =>
  multipart([
    { name: 'side', value: side },
    { name: 'file', value: bytes, filename, contentType },
  ]);

export const solidImage = (width: number, height: number, background = '#336699') =>
  sharp({ create: { width, height, channels: 3, background } });

/** The pixels of a test licence photo: small by default, or as large as a phone sends one. */
interface PhotoSize {
  width: number;
  height: number;
}

/** Uploads a real JPEG, small unless `size` says otherwise, as one side of the licence, as `who`. */
export async function uploadLicence(
  app: FastifyInstance,
  who: Who,
  side: LicenceSide,
  { width, height }: PhotoSize = { width: 320, height: 200 },
): Promise<UploadedDocument> {
  const body = licencePhoto(
    await solidImage(width, height, side === 'front' ? '#336699' : '#996633')
      .jpeg()
      .toBuffer(),
    { side },
  );
  const response = await injectAs(app, who, { method: 'POST', url: '/api/applications/documents', ...body });
  if (response.statusCode !== 201) throw new Error(`uploadLicence: ${response.statusCode} ${response.body}`);
  return response.json<UploadedDocument>();
}

/** The SSN and birth date every test application carries, to look for in rows and logs. */
export const TEST_SSN = '123456789';
export const TEST_BIRTH_DATE = '1990-01-31';

export const requiredConsents = () => CONSENTS.filter((consent) => consent.required).map(({ kind, version }) => ({ kind, version }));

/** A valid POST /api/applications body (the creation payload with consents, docs/product/submission.md#submission-and-statuses), with overrides at the top level. */
export function submissionBody(
  userId: number,
  images: { front: number | string; back: number | string },
  overrides: Record<string, unknown> = {},
) {
  return {
    userId,
    carId: null,
    images: { front: String(images.front), back: String(images.back) },
    application: {
      applicant: {
        firstName: 'Mary',
        lastName: 'Major',
        suffix: null,
        phone: '+15551234567',
        ssn: TEST_SSN,
        dateOfBirth: TEST_BIRTH_DATE,
        email: 'mary.major@example.com',
        maritalStatus: 'Married',
        consentGiven: true,
        monthsAtCurrentAddress: 14,
        housingStatus: 'Rent',
        mortgageOrRentAmount: 1250,
        address: { line1: '12 Elm St.', line2: 'Apt 4B', city: 'Springfield', state: 'IL', postalCode: '62701' },
        previousAddress: { line1: '9 Oak Ave', line2: null, city: 'Peoria', state: 'IL', postalCode: '61602' },
        income: 5200,
        incomeFrequency: 'Monthly',
        otherIncomeSource: 'Rental income',
        otherIncomeAmount: 400,
        currentEmployment: {
          employerName: 'Acme Corp',
          occupation: 'Engineer',
          workPhone: '+15559876543',
          status: 'Employed',
          employerAddress: { line1: '1 Acme Way', line2: null, city: 'Springfield', state: 'IL', postalCode: '62702' },
          totalMonthsEmployed: 40,
        },
        previousEmployment: null,
      },
      communityPropertyDisclosureIndicator: false,
      regulationBIndicator: false,
      privacyNoticeIndicator: true,
    },
    consents: requiredConsents(),
    ...overrides,
  };
}

export const submit = (app: FastifyInstance, who: Who, body: unknown, key: string = randomUUID(), extra: Partial<InjectOptions> = {}) =>
  injectAs(app, who, {
    method: 'POST',
    url: '/api/applications',
    payload: body as InjectOptions['payload'],
    ...extra,
    headers: { 'idempotency-key': key, ...extra.headers },
  });

/**
 * Uploads both sides (of `photoSize`, small by default) and submits a valid application as `who`
 * (whose user id is userId); answers what the API answered.
 */
export async function submitTestApplication(
  app: FastifyInstance,
  who: Who,
  userId: number,
  overrides: Record<string, unknown> = {},
  photoSize?: PhotoSize,
): Promise<MyApplication> {
  const front = await uploadLicence(app, who, 'front', photoSize);
  const back = await uploadLicence(app, who, 'back', photoSize);
  const response = await submit(app, who, submissionBody(userId, { front: front.id, back: back.id }, overrides));
  if (response.statusCode !== 201) throw new Error(`submitTestApplication: ${response.statusCode} ${response.body}`);
  return response.json<MyApplication>();
}

/**
 * An application written straight into its table, for the tests of what reads applications (the
 * metrics, the staff calendar) rather than of submitting one: an employed renter in Dallas, with
 * `values` over that. Answers its id.
 */
export async function insertApplication(
  db: Db,
  values: Pick<Insertable<ApplicationsTable>, 'user_id'> & Partial<Insertable<ApplicationsTable>>,
): Promise<number> {
  const row = await db
    .insertInto('applications')
    .values({
      first_name: 'Test',
      last_name: 'Applicant',
      email: 'applicant@example.com',
      phone: '+12145550100',
      marital_status: 'Unmarried',
      housing_status: 'Rent',
      months_at_current_address: 30,
      address: JSON.stringify({ line1: '1 Main St', line2: null, city: 'Dallas', state: 'TX', postalCode: '75201' }),
      income: 5_000,
      current_employment: JSON.stringify({
        employerName: 'Acme',
        occupation: null,
        workPhone: null,
        status: 'Employed',
        employerAddress: null,
      }),
      dealer: JSON.stringify({}),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Image headers are read on libuv's threads and may finish in any order: a test waits for the decoder state it sets up. */
export async function untilCounters(decoder: ImageDecoder, expected: Partial<ImageDecoderCounters>): Promise<void> {
  const reached = () => Object.entries(expected).every(([name, value]) => decoder.counters[name as keyof ImageDecoderCounters] === value);
  while (!reached()) await sleep(5);
}
