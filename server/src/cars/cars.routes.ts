import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { carListQuerySchema, carUuidSchema } from '../../../domain/cars.ts';
import { plainText } from '../../../domain/text.ts';
import { notFound, parseOr400 } from '../http/errors.ts';
import { createCountCache } from './count-cache.ts';
import { carCardPageSchema, carItemSchema, similarCarsSchema } from './cars-response.schema.ts';
import { createQueryMemo } from './query-memo.ts';
import {
  brandFilterDataSchema,
  carFilterDataSchema,
  carNamesSchema,
  carYearsSchema,
  type SimilarCars,
} from '../../../domain/contracts/cars.ts';
import {
  brandFilterData,
  carFilterData,
  findCar,
  findSimilarCars,
  listBrands,
  listCars,
  listModels,
  listYears,
} from './cars.repository.ts';
import { documented } from '../http/openapi.ts';

const brandParam = v.object({ brand: v.pipe(plainText('brand', 100), v.minLength(1, 'brand is required')) });
const uuidParam = v.object({ uuid: carUuidSchema });

export const carsRoutes: FastifyPluginAsync = async (app) => {
  const counts = createCountCache();
  const parseCarListQuery = createQueryMemo((query) => parseOr400(carListQuerySchema, query, 'car filters'));

  app.get(
    '/cars',
    {
      schema: documented({
        summary: 'One page of the car catalogue, filtered and sorted',
        tags: ['cars'],
        querystring: carListQuerySchema,
        response: { 200: carCardPageSchema },
      }),
    },
    async (request) => {
      const query = parseCarListQuery(request.url, request.query);
      return listCars(app.db, query, request.viewer?.userId ?? null, counts);
    },
  );

  app.get(
    '/cars/brands',
    { schema: documented({ summary: 'Every brand in the catalogue', tags: ['cars'], answers: { 200: carNamesSchema } }) },
    async () => listBrands(app.db),
  );

  app.get(
    '/cars/models',
    { schema: documented({ summary: "A brand's models", tags: ['cars'], querystring: brandParam, answers: { 200: carNamesSchema } }) },
    async (request) => {
      const { brand } = parseOr400(brandParam, request.query, 'query');
      return listModels(app.db, brand);
    },
  );

  app.get(
    '/cars/years',
    { schema: documented({ summary: 'Every model year in the catalogue', tags: ['cars'], answers: { 200: carYearsSchema } }) },
    async () => listYears(app.db),
  );

  app.get(
    '/cars/filters',
    {
      schema: documented({
        summary: 'Brands and the year, price and mileage ranges for the filters',
        tags: ['cars'],
        answers: { 200: carFilterDataSchema },
      }),
    },
    async () => carFilterData(app.db),
  );

  app.get(
    '/cars/filters/:brand',
    {
      schema: documented({
        summary: "A brand's models and ranges for the filters",
        tags: ['cars'],
        params: brandParam,
        answers: { 200: brandFilterDataSchema },
      }),
    },
    async (request) => {
      const { brand } = parseOr400(brandParam, request.params, 'brand');
      const data = await brandFilterData(app.db, brand);
      if (!data) throw notFound(`No cars of the brand ${brand}.`);
      return data;
    },
  );

  app.get(
    '/cars/:uuid',
    {
      schema: documented({ summary: 'One car with its full details', tags: ['cars'], params: uuidParam, response: { 200: carItemSchema } }),
    },
    async (request) => {
      const { uuid } = parseOr400(uuidParam, request.params, 'car id');
      const car = await findCar(app.db, uuid, request.viewer?.userId ?? null);
      if (!car) throw notFound('No car with this id.');
      return car;
    },
  );

  /**
   * Its own request rather than a field of the car: the page of a sold car asks for it (and any page
   * may), while the catalogue's car answer stays one indexed row.
   */
  app.get(
    '/cars/:uuid/similar',
    {
      schema: documented({
        summary: 'Up to 4 available cars of the same make or body style within 25% of the price, nearest price first',
        tags: ['cars'],
        params: uuidParam,
        errors: [404],
        response: { 200: similarCarsSchema },
      }),
    },
    async (request): Promise<SimilarCars> => {
      const { uuid } = parseOr400(uuidParam, request.params, 'car id');
      const items = await findSimilarCars(app.db, uuid, request.viewer?.userId ?? null);
      if (!items) throw notFound('No car with this id.');
      return { items };
    },
  );
};
