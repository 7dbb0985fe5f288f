import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  archivedCarAnswerSchema,
  inventoryCarSchema,
  inventoryPageSchema,
  type ArchivedCarAnswer,
  type InventoryCar,
  type InventoryListItem,
} from '../../../domain/contracts/inventory.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import { carPatchSchema, carWriteSchema, inventoryCarParamsSchema, inventoryListQuerySchema } from '../../../domain/inventory.schema.ts';
import { requireViewer } from '../http/viewer.ts';
import { adminOnly } from '../http/access.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { addCar, changeCar, removeCar, searchInventory, viewInventoryCar } from './inventory.service.ts';

/** A 5,000-character description of escaped non-Latin text and 100 features fit in well under this. */
const CAR_BODY_LIMIT = 128 * 1024;

/** `If-Match: "7"` (a weak W/"7" too): the version the editor saw, as the car's ETag gave it. */
const IF_MATCH = /^(?:W\/)?"?(\d{1,10})"?$/;

/** The version an edit is based on: the body's `version`, else the If-Match header. */
function withVersion(request: FastifyRequest): unknown {
  const body: unknown = request.body ?? {};
  const header = request.headers['if-match'];
  if (header === undefined || typeof body !== 'object' || body === null || Array.isArray(body) || 'version' in body) return body;
  const match = IF_MATCH.exec(String(header).trim());
  if (!match)
    throw new HttpError('bad_request', 'If-Match must be the version of the car you edited, such as "3".', { version: 'If-Match' });
  return { ...body, version: Number(match[1]) };
}

/** The version as an ETag, so a client can send it back as If-Match. */
function answer(reply: FastifyReply, car: InventoryCar): InventoryCar {
  reply.header('etag', `"${car.version}"`);
  return car;
}

/**
 * Staff manage the inventory (docs/product/catalogue.md#catalogue, decision 016), admin only like the other
 * staff routes. The catalogue shows every change at its next request; list totals may lag by the
 * count cache's few seconds (cars/count-cache.ts).
 */
export const inventoryRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/inventory',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: 'The staff inventory: search, filters, sort and paging, with views, favourites and applications (staff)',
        tags: ['inventory'],
        querystring: inventoryListQuerySchema,
        answers: { 200: inventoryPageSchema },
      }),
    },
    async (request): Promise<Paged<InventoryListItem>> =>
      searchInventory(app.db, parseOr400(inventoryListQuerySchema, request.query, 'inventory filters')),
  );

  app.post(
    '/inventory',
    {
      bodyLimit: CAR_BODY_LIMIT,
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: 'Add a car (a draft unless listingState says otherwise) (staff)',
        tags: ['inventory'],
        body: carWriteSchema,
        answers: { 201: inventoryCarSchema },
        errors: [409],
      }),
    },
    async (request, reply): Promise<InventoryCar> => {
      const input = parseOr400(carWriteSchema, request.body, 'car');
      const car = await addCar(app.db, input, requireViewer(request).userId);
      reply.code(201).header('location', `/api/inventory/${car.uuid}`);
      return answer(reply, car);
    },
  );

  app.get(
    '/inventory/:uuid',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: 'One car in any listing state (staff)',
        tags: ['inventory'],
        params: inventoryCarParamsSchema,
        answers: { 200: inventoryCarSchema },
      }),
    },
    async (request, reply): Promise<InventoryCar> => {
      const { uuid } = parseOr400(inventoryCarParamsSchema, request.params, 'car id');
      return answer(reply, await viewInventoryCar(app.db, uuid));
    },
  );

  app.patch(
    '/inventory/:uuid',
    {
      bodyLimit: CAR_BODY_LIMIT,
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: 'Change some fields of a car, its listing state included; version (or If-Match) is the version edited (staff)',
        tags: ['inventory'],
        params: inventoryCarParamsSchema,
        body: carPatchSchema,
        answers: { 200: inventoryCarSchema },
        errors: [409],
      }),
    },
    async (request, reply): Promise<InventoryCar> => {
      const { uuid } = parseOr400(inventoryCarParamsSchema, request.params, 'car id');
      const patch = parseOr400(carPatchSchema, withVersion(request), 'car change');
      return answer(reply, await changeCar(app.db, uuid, patch, requireViewer(request).userId));
    },
  );

  app.delete(
    '/inventory/:uuid',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: 'Delete a car nothing refers to (204), else archive it (200 with the archived car) (staff)',
        tags: ['inventory'],
        params: inventoryCarParamsSchema,
        answers: { 200: archivedCarAnswerSchema, 204: null },
      }),
    },
    async (request, reply): Promise<ArchivedCarAnswer | undefined> => {
      const { uuid } = parseOr400(inventoryCarParamsSchema, request.params, 'car id');
      const result = await removeCar(app.db, uuid, requireViewer(request).userId);
      if ('deleted' in result) return reply.code(204).send();
      return result;
    },
  );
};
