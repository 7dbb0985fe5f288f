import multipart from '@fastify/multipart';
import type { Config } from '../config.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_BYTES, documentUploadFields, LICENCE_SIDES, type UploadedDocument } from '../../../domain/contracts/documents.ts';
import { checkRoomForViewer, ensureViewer } from '../auth/identity.service.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { DAY_SECONDS, guestAddressCap } from '../security/address-caps.ts';
import { STRICT_RATE_LIMIT } from '../security/rate-limit.ts';
import { checkRoomForUpload, cleanLicencePhoto, storeLicencePhoto } from './documents.service.ts';

const integer = { type: 'integer' } as const;
const uploadedDocumentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'side', 'mime', 'size', 'width', 'height'],
  properties: {
    id: integer,
    side: { type: 'string', enum: LICENCE_SIDES },
    mime: { type: 'string', enum: ['image/jpeg'] },
    size: integer,
    width: integer,
    height: integer,
  },
} as const;

const MAX_MEGABYTES = DOCUMENT_MAX_BYTES / (1024 * 1024);

interface Upload {
  fields: Record<string, string>;
  file: Buffer | null;
}

/** Reads the whole form: its text fields and its one file, kept in memory (at most DOCUMENT_MAX_BYTES). */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        upload.file = await part.toBuffer();
      } else {
        if (Object.hasOwn(upload.fields, part.fieldname)) throw new HttpError('bad_request', `Send ${part.fieldname} once.`);
        upload.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new HttpError(
        'unsupported_media_type',
        'Send the photo as multipart/form-data, with the file and a side field (front or back).',
      );
    }
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError('payload_too_large', `The photo is larger than ${MAX_MEGABYTES} MB. Take it again at a lower resolution.`);
    if (statusCode === 413) throw new HttpError('payload_too_large', 'Send one photo and the side field only.');
    // Anything else is a form the parser could not read: the client's fault, never a 500.
    throw new HttpError('bad_request', 'The upload could not be read as multipart/form-data.');
  }
  return upload;
}

/** Licence photos (docs/product/application-wizard.md#driver-license-upload): uploaded before the application, attached to it on submit. */
/** How many licence photos an address may upload a day as a guest. */
type DocumentsSettings = { security: { guestLimits: Pick<Config['security']['guestLimits'], 'photosPerDay'> } };

export const documentsRoutes =
  ({ security }: DocumentsSettings): FastifyPluginAsync =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 256, fieldNameSize: 64, parts: 5, headerPairs: 20 },
    });

    app.post(
      '/applications/documents',
      {
        schema: documented({
          summary: `Upload a photo of the driver's licence (multipart/form-data: one JPEG, PNG or WebP file of at most ${MAX_MEGABYTES} MB and ${app.images.maxPixels / 1_000_000} megapixels, and side = front or back); stored re-encoded as JPEG, without metadata, encrypted, until an application uses it`,
          tags: ['applications'],
          response: { 201: uploadedDocumentSchema },
          errors: [413, 415, 503],
        }),
        // Each upload costs a decode, the scarcest thing a process has; an applicant needs two.
        config: { rateLimit: STRICT_RATE_LIMIT },
      },
      async (request, reply): Promise<UploadedDocument> => {
        const { fields, file } = await readUpload(request);
        const { side } = parseOr400(documentUploadFields, fields, 'upload');
        if (!file || file.length === 0)
          throw new HttpError('bad_request', "Attach a photo of your driver's licence.", { file: 'file is required' });
        // Someone already at a limit (their own, their address's, or no room for a new guest) is told so before their photo is decoded.
        const addressCap = guestAddressCap(request, security.guestLimits.photosPerDay, DAY_SECONDS);
        await checkRoomForUpload(app.db, request.viewer?.userId, addressCap);
        await checkRoomForViewer(request);
        const image = await cleanLicencePhoto(app.images, file);
        const viewer = await ensureViewer(request, reply);
        const document = await storeLicencePhoto(app.db, app.pii, viewer.userId, side, image, addressCap);
        reply.status(201);
        return document;
      },
    );
  };
