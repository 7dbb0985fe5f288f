import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { savedSearchFiltersSchema } from '../../../domain/cars.ts';
import type { FavoriteAlertsState, SavedSearch, SavedSearchList } from '../../../domain/contracts/alerts.ts';
import { rowIdParam } from '../../../domain/query-params.ts';
import { requireViewer } from '../http/viewer.ts';
import { TELEGRAM_USER } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { changeFavoriteAlerts, getFavoriteAlerts, removeSavedSearch, savedSearchesOf, saveSearch } from './alerts.service.ts';

const favoriteAlertsBody = v.strictObject({ enabled: v.boolean('enabled must be true or false') }, 'The body takes only enabled');
const savedSearchBody = v.strictObject({ filters: savedSearchFiltersSchema }, 'The body takes only filters');
const savedSearchParams = v.object({ id: rowIdParam('id') });

const SMALL_BODY = 4 * 1024;

const favoriteAlertsSchema = {
  type: 'object',
  required: ['enabled'],
  properties: { enabled: { type: 'boolean' } },
} as const;

const savedSearchSchema = {
  type: 'object',
  required: ['id', 'filters', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    filters: { type: 'object', additionalProperties: true, description: "The catalogue's filter names (GET /api/cars)" },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

/**
 * Telegram alerts (docs/decisions/019-telegram-alerts.md): the shopper's switch for alerts on
 * their favourites and their saved searches. Only a Telegram user has a chat for the bot to write
 * in; anyone else is told so (401).
 */
export const alertsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/alerts/favorites',
    {
      config: TELEGRAM_USER,
      schema: documented({
        summary: "Whether the shopper hears in Telegram of their favourites' price drops, sales and returns",
        tags: ['alerts'],
        response: { 200: favoriteAlertsSchema },
      }),
    },
    async (request): Promise<FavoriteAlertsState> => getFavoriteAlerts(app.db, requireViewer(request).userId),
  );

  app.put(
    '/alerts/favorites',
    {
      bodyLimit: SMALL_BODY,
      config: TELEGRAM_USER,
      schema: documented({
        summary: 'Switch alerts on favourites on or off',
        tags: ['alerts'],
        body: favoriteAlertsBody,
        response: { 200: favoriteAlertsSchema },
      }),
    },
    async (request): Promise<FavoriteAlertsState> => {
      const { enabled } = parseOr400(favoriteAlertsBody, request.body, 'alerts');
      return changeFavoriteAlerts(app.db, requireViewer(request).userId, enabled);
    },
  );

  app.get(
    '/saved-searches',
    {
      config: TELEGRAM_USER,
      schema: documented({
        summary: "The shopper's saved searches, oldest first, and how many they may keep",
        tags: ['alerts'],
        response: {
          200: {
            type: 'object',
            required: ['items', 'max'],
            properties: { items: { type: 'array', items: savedSearchSchema }, max: { type: 'integer' } },
          },
        },
      }),
    },
    async (request): Promise<SavedSearchList> => savedSearchesOf(app.db, requireViewer(request).userId),
  );

  app.post(
    '/saved-searches',
    {
      bodyLimit: SMALL_BODY,
      config: TELEGRAM_USER,
      schema: documented({
        summary:
          'Save catalogue filters as a search: a car newly in stock that matches is sent in Telegram; the same filters again answer the search already saved (200), a sixth is refused (409)',
        tags: ['alerts'],
        body: savedSearchBody,
        errors: [409],
        response: { 200: savedSearchSchema, 201: savedSearchSchema },
      }),
    },
    async (request, reply): Promise<SavedSearch> => {
      const { filters } = parseOr400(savedSearchBody, request.body, 'saved search');
      const { search, created } = await saveSearch(app.db, requireViewer(request).userId, filters);
      reply.code(created ? 201 : 200);
      return search;
    },
  );

  app.delete(
    '/saved-searches/:id',
    {
      config: TELEGRAM_USER,
      schema: documented({ summary: 'Remove a saved search', tags: ['alerts'], params: savedSearchParams, answers: { 204: null } }),
    },
    async (request, reply) => {
      const { id } = parseOr400(savedSearchParams, request.params, 'saved search id');
      await removeSavedSearch(app.db, requireViewer(request).userId, id);
      return reply.code(204).send();
    },
  );
};
