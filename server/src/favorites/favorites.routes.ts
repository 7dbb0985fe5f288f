import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { carUuidSchema } from '../../../domain/cars.ts';
import { findCar } from '../cars/cars.repository.ts';
import { carCardPageSchema, carItemSchema, recentlyViewedSchema } from '../cars/cars-response.schema.ts';
import { ensureViewer } from '../auth/identity.service.ts';
import { HttpError, notFound, parseOr400 } from '../http/errors.ts';
import { pagingParams } from '../../../domain/query-params.ts';
import { carExists, listFavoriteCars, listRecentlyViewedCars, recordCarView, toggleFavorite } from './favorites.repository.ts';
import { documented } from '../http/openapi.ts';
import { favoriteStateSchema, type FavoriteState, type RecentlyViewedCars } from '../../../domain/contracts/cars.ts';
import { toPaged } from '../../../domain/contracts/paged.ts';

/**
 * The original design's bodies name the user (user_id), but the server takes the user from the verified
 * identity only; a user_id is accepted when it repeats that identity and refused otherwise.
 */
const claimedUserId = v.optional(
  v.nullable(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/))], 'user_id must be your user id'),
      v.transform(Number),
      v.safeInteger('user_id must be your user id'),
    ),
  ),
);

/**
 * The viewed-car record (docs/product/favourites.md#favourites-and-recently-viewed): the car as carUuid or
 * car_uuid (the original design used both spellings), and an optional user_id.
 */
const carAndUser = (required: 'carUuid' | 'car_uuid') =>
  v.pipe(
    v.object({ carUuid: v.optional(carUuidSchema), car_uuid: v.optional(carUuidSchema), user_id: claimedUserId }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const carUuid = dataset.value.carUuid ?? dataset.value.car_uuid;
      if (carUuid === undefined) {
        addIssue({ message: `${required} is required` });
        return NEVER;
      }
      return { carUuid, userId: dataset.value.user_id ?? undefined };
    }),
  );

const viewedCarBody = carAndUser('carUuid');
const toggleFavoriteBody = carAndUser('car_uuid');

const favoritesQuery = v.pipe(
  v.object(pagingParams(100)),
  v.transform((q) => ({ page: q.page ?? 1, limit: q.limit ?? 20 })),
);

const recentlyViewedQuery = v.pipe(
  v.object({ limit: v.optional(pagingParams(24).limit) }),
  v.transform((q) => ({ limit: q.limit ?? 8 })),
);

const SMALL_BODY = 4 * 1024;

/** Checked before a guest is created: a new guest cannot be the user some other id names. */
function refuseOtherUser(request: FastifyRequest, claimed: number | undefined) {
  if (claimed !== undefined && claimed !== request.viewer?.userId) {
    throw new HttpError('forbidden', 'user_id must be your own user id (or left out).');
  }
}

export const favoritesRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/viewed-cars',
    {
      bodyLimit: SMALL_BODY,
      schema: documented({
        summary: 'Record that the visitor viewed a car; answers the car',
        tags: ['favorites'],
        body: viewedCarBody,
        errors: [404],
        response: { 200: carItemSchema },
      }),
    },
    async (request, reply) => {
      const { carUuid, userId } = parseOr400(viewedCarBody, request.body, 'viewed car');
      refuseOtherUser(request, userId);
      if (!(await carExists(app.db, carUuid))) throw notFound('No car with this id.');
      const viewer = await ensureViewer(request, reply);
      await recordCarView(app.db, viewer.userId, carUuid);
      const car = await findCar(app.db, carUuid, viewer.userId);
      if (!car) throw notFound('No car with this id.');
      return car;
    },
  );

  app.post(
    '/viewed-cars/toggle-favorite',
    {
      bodyLimit: SMALL_BODY,
      schema: documented({
        summary: "Add a car to the visitor's favourites, or take it out",
        tags: ['favorites'],
        body: toggleFavoriteBody,
        answers: { 200: favoriteStateSchema },
        errors: [404],
      }),
    },
    async (request, reply): Promise<FavoriteState> => {
      const { carUuid, userId } = parseOr400(toggleFavoriteBody, request.body, 'favourite');
      refuseOtherUser(request, userId);
      if (!(await carExists(app.db, carUuid, request.viewer?.userId ?? null))) throw notFound('No car with this id.');
      const viewer = await ensureViewer(request, reply);
      return { car_uuid: carUuid, is_favorite: await toggleFavorite(app.db, viewer.userId, carUuid) };
    },
  );

  /** Reading favourites never creates a guest: no identity simply means none yet. */
  app.get(
    '/favorites',
    {
      schema: documented({
        summary: "The visitor's favourite cars",
        tags: ['favorites'],
        querystring: favoritesQuery,
        errors: [403],
        response: { 200: carCardPageSchema },
      }),
    },
    async (request) => {
      const { page, limit } = parseOr400(favoritesQuery, request.query, 'query');
      const userId = request.viewer?.userId;
      if (userId === undefined) return toPaged([], 0, page, limit);
      return listFavoriteCars(app.db, userId, page, limit);
    },
  );

  app.get(
    '/viewed-cars',
    {
      schema: documented({
        summary: 'The cars the visitor opened lately, newest first, each once (limit 1–24, default 8)',
        tags: ['favorites'],
        querystring: recentlyViewedQuery,
        response: { 200: recentlyViewedSchema },
      }),
    },
    async (request): Promise<RecentlyViewedCars> => {
      const { limit } = parseOr400(recentlyViewedQuery, request.query, 'query');
      const userId = request.viewer?.userId;
      return { items: userId === undefined ? [] : await listRecentlyViewedCars(app.db, userId, limit) };
    },
  );
};
