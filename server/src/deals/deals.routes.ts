import type { FastifyPluginAsync } from 'fastify';
import {
  dealQuoteRequestSchema,
  dealSettingsAnswerSchema,
  dealSettingsSaveSchema,
  type DealSettingsAnswer,
} from '../../../domain/contracts/deals.ts';
import { pricedDealSchema, type PricedDeal } from '../../../domain/deals/deal-quote.schema.ts';
import type { ConfigSlice } from '../config.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { requireViewer } from '../http/viewer.ts';
import { currentDealSettings, priceDeal, saveDealSettings, toDealSettingsAnswer } from './deals.service.ts';

/** A full settings document with every product described in four languages stays well under this. */
const SETTINGS_BODY_LIMIT = 512 * 1024;

/**
 * Deals (docs/product/deals.md): a quote for anyone, the settings a shopper's form needs for anyone,
 * and the settings' change for admins with the passkey factor, since it changes every price shown.
 */
export const dealsRoutes =
  ({ company }: ConfigSlice<{ company: 'location' }>): FastifyPluginAsync =>
  async (app) => {
    const dealerState = company.location.region;

    app.post(
      '/deals/quote',
      {
        schema: documented({
          summary: 'Price a deal for a car: cash, finance or lease, itemised',
          tags: ['deals'],
          body: dealQuoteRequestSchema,
          answers: { 200: pricedDealSchema },
          errors: [404, 409],
        }),
      },
      async (request): Promise<PricedDeal> => {
        const { carId, deal } = parseOr400(dealQuoteRequestSchema, request.body, 'deal');
        return priceDeal(app.db, dealerState, carId, deal);
      },
    );

    app.get(
      '/deal-settings',
      {
        schema: documented({
          summary: "The dealer's deal settings: tiers, terms, programs, rebates, products, taxed states",
          tags: ['deals'],
          answers: { 200: dealSettingsAnswerSchema },
        }),
      },
      async (): Promise<DealSettingsAnswer> => toDealSettingsAnswer(await currentDealSettings(app.db, dealerState)),
    );

    app.put(
      '/deal-settings',
      {
        bodyLimit: SETTINGS_BODY_LIMIT,
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary: 'Save the deal settings as a new version (staff)',
          tags: ['deals'],
          body: dealSettingsSaveSchema,
          answers: { 200: dealSettingsAnswerSchema },
          errors: [409],
        }),
      },
      async (request): Promise<DealSettingsAnswer> => {
        const save = parseOr400(dealSettingsSaveSchema, request.body, 'deal settings');
        return toDealSettingsAnswer(await saveDealSettings(app.db, dealerState, requireViewer(request).userId, save));
      },
    );
  };
