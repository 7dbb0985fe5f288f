import type { FastifyPluginAsync } from 'fastify';
import { visitSettingsAnswerSchema, visitSettingsSaveSchema, type VisitSettingsAnswer } from '../../../domain/contracts/visits.ts';
import type { VersionedVisitSettings } from '../../../domain/visits/visit-settings.ts';
import type { ConfigSlice } from '../config.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { requireViewer } from '../http/viewer.ts';
import { currentVisitSettings, saveVisitSettings } from './visit-settings.service.ts';

/** A week of hours and 200 closed dates stay well under this. */
const SETTINGS_BODY_LIMIT = 32 * 1024;

/**
 * The dealer's visiting hours (docs/product/visits.md#staff-api-metrics-and-leads), in versions like the deal
 * settings: staff read them, and change them with the passkey factor, since they decide every time
 * a shopper may book.
 */
export const visitSettingsRoutes =
  ({ server }: ConfigSlice<{ server: 'timeZone' }>): FastifyPluginAsync =>
  async (app) => {
    const toAnswer = ({ version, settings }: VersionedVisitSettings): VisitSettingsAnswer => ({
      version,
      timeZone: server.timeZone,
      settings,
    });

    app.get(
      '/visit-settings',
      {
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary:
            "The dealer's visiting hours: opening hours per weekday in the dealer's time zone, closed dates, slot length, visits per slot, shortest notice and booking horizon (staff)",
          tags: ['visits'],
          answers: { 200: visitSettingsAnswerSchema },
        }),
      },
      async (): Promise<VisitSettingsAnswer> => toAnswer(await currentVisitSettings(app.db)),
    );

    app.put(
      '/visit-settings',
      {
        bodyLimit: SETTINGS_BODY_LIMIT,
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary:
            'Save the visiting hours as a new version, from the version they were edited from (staff; audited). 409 stale_version when someone saved since; visits already booked keep their times',
          tags: ['visits'],
          body: visitSettingsSaveSchema,
          answers: { 200: visitSettingsAnswerSchema },
          errors: [409],
        }),
      },
      async (request): Promise<VisitSettingsAnswer> => {
        const save = parseOr400(visitSettingsSaveSchema, request.body, 'visit settings');
        return toAnswer(await saveVisitSettings(app.db, requireViewer(request).userId, save));
      },
    );
  };
