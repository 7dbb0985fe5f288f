import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { carListQuerySchema, carUuidSchema } from '../../../domain/cars.ts';
import { plainText } from '../../../domain/text.ts';
import { notFound, parseOr400 } from '../http/errors.ts';
import { createCountCache } from './count-cache.ts';
import { brandFilterData, carFilterData, findCar, listBrands, listCars, listModels, listYears } from './cars.repository.ts';

const brandParam = v.object({ brand: v.pipe(plainText('brand', 100), v.minLength(1, 'brand is required')) });
const uuidParam = v.object({ uuid: carUuidSchema });

export const carsRoutes: FastifyPluginAsync = async (app) => {
  const counts = createCountCache();

  app.get('/cars', async (request) => {
    const query = parseOr400(carListQuerySchema, request.query, 'car filters');
    return listCars(app.db, query, request.viewer?.userId ?? null, counts);
  });

  app.get('/cars/brands', async () => listBrands(app.db));

  app.get('/cars/models', async (request) => {
    const { brand } = parseOr400(brandParam, request.query, 'query');
    return listModels(app.db, brand);
  });

  app.get('/cars/years', async () => listYears(app.db));

  app.get('/cars/filters', async () => carFilterData(app.db));

  app.get('/cars/filters/:brand', async (request) => {
    const { brand } = parseOr400(brandParam, request.params, 'brand');
    const data = await brandFilterData(app.db, brand);
    if (!data) throw notFound(`No cars of the brand ${brand}.`);
    return data;
  });

  app.get('/cars/:uuid', async (request) => {
    const { uuid } = parseOr400(uuidParam, request.params, 'car id');
    const car = await findCar(app.db, uuid, request.viewer?.userId ?? null);
    if (!car) throw notFound('No car with this id.');
    return car;
  });
};
