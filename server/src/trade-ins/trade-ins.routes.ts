import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { CAR_PHOTO_WIDTHS } from '../../../domain/car-images.ts';
import { myTradeInLookupSchema, myTradeInSchema, type MyTradeIn } from '../../../domain/contracts/trade-ins.ts';
import { rowIdParam } from '../../../domain/query-params.ts';
import {
  MAX_TRADE_IN_PHOTOS,
  tradeInAngleSchema,
  tradeInConditionSchema,
  tradeInDraftSchema,
  tradeInMessageRequestSchema,
} from '../../../domain/trade-ins/trade-in.schema.ts';
import { ensureViewer } from '../auth/identity.service.ts';
import { adminOnly } from '../http/access.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { CAR_PHOTO_MAX_BYTES, STAFF_PHOTO_MAX_PIXELS, storeCarPhoto } from '../inventory/photos.service.ts';
import { STRICT_RATE_LIMIT } from '../security/rate-limit.ts';
import {
  addMyTradeInPhoto,
  checkRoomForTradeInPhotos,
  readMyTradeInPhoto,
  readTradeInPhoto,
  removeMyTradeInPhoto,
} from './trade-in-photos.service.ts';
import {
  answerMyTradeInOffer,
  answerTradeInQuestion,
  askForReappraisal,
  loadMyTradeIn,
  noTradeIn,
  saveTradeInDraft,
  startTradeIn,
  submitTradeIn,
  withdrawMyTradeIn,
  type TradeInOfferAnswer,
} from './trade-ins.service.ts';

/** The whole description is a few kilobytes; a bigger body is not one. */
const DRAFT_BODY_LIMIT = 64 * 1024;
const MAX_MEGABYTES = CAR_PHOTO_MAX_BYTES / (1024 * 1024);
const FORM_HELP = `Send the photo as multipart/form-data: an angle field (${tradeInAngleSchema.options.join(', ')}) and one file (JPEG, PNG or WebP, at most ${MAX_MEGABYTES} MB).`;

/** PATCH body: any of the draft's answers, and any of its condition questions; what is left out stays as saved. */
const tradeInPatchSchema = v.partial(v.strictObject({ ...tradeInDraftSchema.entries, condition: v.partial(tradeInConditionSchema) }));
const photoParams = v.object({ photoId: v.pipe(v.string(), v.uuid('photoId must be a photo id (a uuid)'), v.toLowerCase()) });
const staffPhotoParams = v.object({ id: rowIdParam('id'), ...photoParams.entries });
const offerParams = v.object({ offerId: rowIdParam('offerId') });
const SIZES = CAR_PHOTO_WIDTHS.map(String) as [string, ...string[]];
const photoQuery = v.object({
  size: v.optional(v.picklist(SIZES, `size must be one of ${SIZES.join(', ')} (the width in pixels)`), '1280'),
  format: v.optional(v.picklist(['jpeg', 'webp'], 'format must be jpeg or webp'), 'jpeg'),
});
const photoAnswer = ['image/jpeg', 'image/webp'] as const;
const uploadFields = v.strictObject({ angle: tradeInAngleSchema });

interface Upload {
  fields: Record<string, string>;
  file: Buffer | null;
}

/** Reads the form: its angle field and its one file, kept in memory (at most CAR_PHOTO_MAX_BYTES). */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') upload.file = await part.toBuffer();
      else if (Object.hasOwn(upload.fields, part.fieldname)) throw new HttpError('bad_request', `Send ${part.fieldname} once.`);
      else upload.fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError('unsupported_media_type', FORM_HELP);
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError('payload_too_large', `The photo is larger than ${MAX_MEGABYTES} MB. Send a smaller copy.`);
    if (statusCode === 413) throw new HttpError('payload_too_large', FORM_HELP);
    // Anything else is a form the parser could not read: the client's fault, never a 500.
    throw new HttpError('bad_request', 'The upload could not be read as multipart/form-data.');
  }
  return upload;
}

/**
 * The shopper's trade-in (docs/product/trade-ins.md): a Telegram user's or a web guest's, under
 * /api/trade-ins/mine; and a trade-in's photo for staff. Reading never creates a guest; starting
 * a trade-in does.
 */
export const tradeInsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: CAR_PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 256, fieldNameSize: 64, parts: 3, headerPairs: 20 },
  });
  const deps = { db: app.db, pii: app.pii };
  /** The shopper's id; without any identity they have no trade-in. */
  const shopper = (request: FastifyRequest) => {
    if (!request.viewer) throw noTradeIn();
    return request.viewer.userId;
  };

  app.get(
    '/trade-ins/mine',
    {
      schema: documented({
        summary: "The visitor's trade-in: the current one, else the newest; null when there is none",
        tags: ['trade-ins'],
        answers: { 200: myTradeInLookupSchema },
      }),
    },
    async (request): Promise<MyTradeIn | null> => (request.viewer ? loadMyTradeIn(deps, request.viewer.userId) : null),
  );

  app.post(
    '/trade-ins/mine',
    {
      bodyLimit: DRAFT_BODY_LIMIT,
      schema: documented({
        summary:
          'Start a trade-in with the answers given (any may be missing): 201 the new draft, or 200 the current trade-in unchanged when the visitor has one (makes a web guest)',
        tags: ['trade-ins'],
        body: tradeInDraftSchema,
        answers: { 200: myTradeInSchema, 201: myTradeInSchema },
      }),
    },
    async (request, reply): Promise<MyTradeIn> => {
      const draft = parseOr400(tradeInDraftSchema, request.body, 'trade-in');
      const viewer = await ensureViewer(request, reply);
      const { created, tradeIn } = await startTradeIn(deps, viewer.userId, draft);
      reply.code(created ? 201 : 200);
      return tradeIn;
    },
  );

  app.patch(
    '/trade-ins/mine',
    {
      bodyLimit: DRAFT_BODY_LIMIT,
      schema: documented({
        summary:
          "Save answers of the visitor's trade-in draft over the saved ones (the condition question by question); 404 without a trade-in, 409 once submitted",
        tags: ['trade-ins'],
        body: tradeInPatchSchema,
        answers: { 200: myTradeInSchema },
        errors: [404, 409],
      }),
    },
    async (request): Promise<MyTradeIn> => {
      const patch = parseOr400(tradeInPatchSchema, request.body, 'trade-in');
      return saveTradeInDraft(deps, shopper(request), patch);
    },
  );

  const action = (path: string, summary: string, errors: number[], run: (userId: number) => Promise<MyTradeIn>) =>
    app.post(
      `/trade-ins/mine/${path}`,
      { schema: documented({ summary, tags: ['trade-ins'], answers: { 200: myTradeInSchema }, errors }) },
      async (request): Promise<MyTradeIn> => run(shopper(request)),
    );
  action(
    'submit',
    "Send the visitor's trade-in draft for an appraisal (status new); 400 naming each answer still missing in fields, 409 once submitted",
    [404, 409],
    (userId) => submitTradeIn(deps, userId),
  );
  action(
    'withdraw',
    "Withdraw the visitor's trade-in (an open offer is declined with it); 409 when it ended already or is in the dealer's stock",
    [404, 409],
    (userId) => withdrawMyTradeIn(deps, userId),
  );
  action(
    'reappraisal',
    "Ask for a new appraisal of the visitor's trade-in whose offer expired (back to new); 409 in any other status",
    [404, 409],
    (userId) => askForReappraisal(deps, userId),
  );

  app.post(
    '/trade-ins/mine/messages',
    {
      schema: documented({
        summary: "Answer the dealer's question on the visitor's trade-in; 409 when no question waits for an answer",
        tags: ['trade-ins'],
        body: tradeInMessageRequestSchema,
        answers: { 201: myTradeInSchema },
        errors: [404, 409],
      }),
    },
    async (request, reply): Promise<MyTradeIn> => {
      const { text } = parseOr400(tradeInMessageRequestSchema, request.body, 'message');
      const tradeIn = await answerTradeInQuestion(deps, shopper(request), text);
      reply.code(201);
      return tradeIn;
    },
  );

  const answerRoute = (answer: TradeInOfferAnswer, summary: string) =>
    app.post(
      `/trade-ins/mine/offers/:offerId/${answer}`,
      {
        config: { rateLimit: STRICT_RATE_LIMIT },
        schema: documented({ summary, tags: ['trade-ins'], params: offerParams, answers: { 200: myTradeInSchema }, errors: [404, 409] }),
      },
      async (request): Promise<MyTradeIn> => {
        const { offerId } = parseOr400(offerParams, request.params, 'offer id');
        return answerMyTradeInOffer(deps, shopper(request), offerId, answer);
      },
    );
  answerRoute(
    'accept',
    "Accept the dealer's open offer on the visitor's trade-in (status accepted): its amount becomes the deal's trade allowance. 409 offer_expired after its validity, 409 when answered already",
  );
  answerRoute('decline', "Decline the dealer's open offer on the visitor's trade-in (status declined). 409 when answered already");

  app.post(
    '/trade-ins/mine/photos',
    {
      config: { rateLimit: STRICT_RATE_LIMIT },
      schema: documented({
        summary: `Add a photo to the visitor's trade-in while it is a draft or new (multipart/form-data: angle = ${tradeInAngleSchema.options.join(', ')}, and one JPEG, PNG or WebP file of at most ${MAX_MEGABYTES} MB and ${STAFF_PHOTO_MAX_PIXELS / 1_000_000} megapixels; ${MAX_TRADE_IN_PHOTOS} photos a trade-in, 409 too_many_photos beyond). Turned upright, stripped of metadata and stored in WebP and JPEG widths; ordered by angle, then as they came`,
        tags: ['trade-ins'],
        answers: { 201: myTradeInSchema },
        errors: [404, 409, 413, 415, 503],
      }),
    },
    async (request, reply): Promise<MyTradeIn> => {
      const userId = shopper(request);
      // No trade-in, one past its photos or a full one is told so before the photo is read or decoded.
      await checkRoomForTradeInPhotos(app.db, userId);
      const { fields, file } = await readUpload(request);
      const { angle } = parseOr400(uploadFields, fields, 'upload');
      if (!file) throw new HttpError('bad_request', 'Attach a photo of the car.', { file: 'file is required' });
      const stored = await storeCarPhoto(app.images, app.media, file, 'The photo');
      const tradeIn = await addMyTradeInPhoto(deps, userId, { ...stored, angle });
      reply.code(201);
      return tradeIn;
    },
  );

  app.delete(
    '/trade-ins/mine/photos/:photoId',
    {
      schema: documented({
        summary: "Delete a photo of the visitor's trade-in while it is a draft or new",
        tags: ['trade-ins'],
        params: photoParams,
        answers: { 200: myTradeInSchema },
        errors: [409],
      }),
    },
    async (request): Promise<MyTradeIn> => {
      const { photoId } = parseOr400(photoParams, request.params, 'photo');
      return removeMyTradeInPhoto({ ...deps, media: app.media }, shopper(request), photoId);
    },
  );

  app.get(
    '/trade-ins/mine/photos/:photoId',
    {
      schema: documented({
        summary: "A photo of the visitor's own trade-in in one of its stored widths (size, 1280 by default) and formats (JPEG by default)",
        tags: ['trade-ins'],
        params: photoParams,
        querystring: photoQuery,
        answers: { 200: photoAnswer },
      }),
    },
    async (request, reply) => {
      const { photoId } = parseOr400(photoParams, request.params, 'photo');
      const size = parseOr400(photoQuery, request.query, 'photo size');
      const photo = await readMyTradeInPhoto(app.db, app.media, shopper(request), photoId, size);
      return reply.type(photo.contentType).send(photo.bytes);
    },
  );

  app.get(
    '/trade-ins/:id/photos/:photoId',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: "A trade-in's photo for staff (the appraisal's gallery, the queue's cover), in one of its stored widths and formats",
        tags: ['trade-ins'],
        params: staffPhotoParams,
        querystring: photoQuery,
        answers: { 200: photoAnswer },
      }),
    },
    async (request, reply) => {
      const { id, photoId } = parseOr400(staffPhotoParams, request.params, 'photo');
      const size = parseOr400(photoQuery, request.query, 'photo size');
      const photo = await readTradeInPhoto(app.db, app.media, id, photoId, size);
      return reply.type(photo.contentType).send(photo.bytes);
    },
  );
};
