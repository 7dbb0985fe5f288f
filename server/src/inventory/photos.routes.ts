import type { InventoryPhoto } from '../../../domain/contracts/inventory.ts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CAR_PHOTOS_MAX, carPhotoOrderSchema, carPhotoParamsSchema, carPhotosParamsSchema } from '../../../domain/car-photos.schema.ts';
import { requireViewer } from '../http/viewer.ts';
import { adminOnly } from '../http/access.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import {
  addCarPhotos,
  CAR_PHOTO_MAX_BYTES,
  checkRoomForPhotos,
  removeCarPhoto,
  reorderPhotos,
  STAFF_PHOTO_MAX_PIXELS,
  storeCarPhoto,
  type StoredCarPhoto,
} from './photos.service.ts';

const integer = { type: 'integer' } as const;
const photoListSchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'url', 'width', 'height'],
    properties: { id: { type: 'string', format: 'uuid' }, url: { type: 'string' }, width: integer, height: integer },
  },
} as const;

const MAX_MEGABYTES = CAR_PHOTO_MAX_BYTES / (1024 * 1024);
const FORM_HELP = `Send the photos as multipart/form-data, each as a part named file (JPEG, PNG or WebP, at most ${MAX_MEGABYTES} MB each).`;

/**
 * Reads the form's photos one at a time and hands each to `store` as it arrives, so a request holds
 * one photo in memory, not forty. Answers what `store` made, in the order sent.
 */
async function readPhotos(
  request: FastifyRequest,
  store: (bytes: Buffer, label: string) => Promise<StoredCarPhoto>,
): Promise<StoredCarPhoto[]> {
  const photos: StoredCarPhoto[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file')
        throw new HttpError('bad_request', FORM_HELP, { [part.fieldname]: 'unexpected' });
      const bytes = await part.toBuffer();
      photos.push(await store(bytes, `Photo ${photos.length + 1}${part.filename ? ` (${part.filename})` : ''}`));
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError('unsupported_media_type', FORM_HELP);
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError('payload_too_large', `Photo ${photos.length + 1} is larger than ${MAX_MEGABYTES} MB. Send a smaller copy.`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new HttpError('payload_too_large', `Send at most ${CAR_PHOTOS_MAX} photos at once.`);
    if (statusCode === 413) throw new HttpError('payload_too_large', FORM_HELP);
    // Anything else is a form the parser could not read: the client's fault, never a 500.
    throw new HttpError('bad_request', 'The upload could not be read as multipart/form-data.');
  }
  if (photos.length === 0) throw new HttpError('bad_request', 'Attach at least one photo.', { file: 'file is required' });
  return photos;
}

/**
 * A car's photos, managed by staff (docs/decisions/018-car-photos.md), admin only and audited:
 * upload (appended in the order sent), reorder (the first is the cover), delete. The public car
 * answers show them at their next request; their bytes are served by media/media.routes.ts.
 */
export const photosRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: CAR_PHOTO_MAX_BYTES,
      files: CAR_PHOTOS_MAX,
      fields: 1,
      fieldSize: 256,
      fieldNameSize: 64,
      parts: CAR_PHOTOS_MAX,
      headerPairs: 20,
    },
  });

  app.post(
    '/inventory/:uuid/photos',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: `Add photos to a car (staff; multipart/form-data, one or more parts named file: JPEG, PNG or WebP, at most ${MAX_MEGABYTES} MB and ${STAFF_PHOTO_MAX_PIXELS / 1_000_000} megapixels each, ${CAR_PHOTOS_MAX} photos a car). Each is turned upright, stripped of metadata and stored in WebP and JPEG widths; answers the car's photos, cover first`,
        tags: ['inventory'],
        params: carPhotosParamsSchema,
        response: { 201: photoListSchema },
        errors: [409, 413, 415, 503],
      }),
    },
    async (request, reply): Promise<InventoryPhoto[]> => {
      const { uuid } = parseOr400(carPhotosParamsSchema, request.params, 'car');
      const actor = requireViewer(request).userId;
      // An unknown or full car is told so before any photo is decoded.
      await checkRoomForPhotos(app.db, uuid);
      const photos = await readPhotos(request, (bytes, label) => storeCarPhoto(app.images, app.media, bytes, label));
      const list = await addCarPhotos(app.db, actor, uuid, photos);
      reply.status(201);
      return list;
    },
  );

  app.patch(
    '/inventory/:uuid/photos',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: "Reorder a car's photos (staff): order lists every photo id of the car once; the first is the cover",
        tags: ['inventory'],
        params: carPhotosParamsSchema,
        body: carPhotoOrderSchema,
        response: { 200: photoListSchema },
      }),
    },
    async (request): Promise<InventoryPhoto[]> => {
      const { uuid } = parseOr400(carPhotosParamsSchema, request.params, 'car');
      const { order } = parseOr400(carPhotoOrderSchema, request.body, 'photo order');
      return reorderPhotos(app.db, requireViewer(request).userId, uuid, order);
    },
  );

  app.delete(
    '/inventory/:uuid/photos/:photoId',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: "Delete one of a car's photos (staff); answers the photos left, cover first",
        tags: ['inventory'],
        params: carPhotoParamsSchema,
        response: { 200: photoListSchema },
      }),
    },
    async (request): Promise<InventoryPhoto[]> => {
      const { uuid, photoId } = parseOr400(carPhotoParamsSchema, request.params, 'photo');
      return removeCarPhoto(app.db, app.media, requireViewer(request).userId, uuid, photoId);
    },
  );
};
