import * as v from 'valibot';
import { carUuidSchema } from '../cars.ts';
import { dealInputSchema } from '../deals/deal-input.schema.ts';
import { dealSettingsSchema, FINANCE_TERMS, LEASE_MILEAGES, LEASE_TERMS } from '../deals/deal-settings.ts';
import { US_STATE_CODES } from '../us-states.ts';

/** POST /api/deals/quote: a car and what the shopper chose. */
export const dealQuoteRequestSchema = v.strictObject({ carId: carUuidSchema, deal: dealInputSchema });
export type DealQuoteRequest = v.InferOutput<typeof dealQuoteRequestSchema>;

const versionSchema = v.pipe(
  v.number('version must be a whole number of at least 1.'),
  v.integer('version must be a whole number of at least 1.'),
  v.minValue(1, 'version must be a whole number of at least 1.'),
);

/** GET /api/deal-settings: everything a shopper's deal form and the staff editor need. */
export const dealSettingsAnswerSchema = v.strictObject({
  version: versionSchema,
  settings: dealSettingsSchema,
  financeTerms: v.array(v.picklist(FINANCE_TERMS)),
  leaseTerms: v.array(v.picklist(LEASE_TERMS)),
  leaseMileages: v.array(v.picklist(LEASE_MILEAGES)),
  /** The states whose tax and fees the dealer has set; any other state's quote says tax is not included. */
  taxedStates: v.array(v.picklist(US_STATE_CODES)),
});
export type DealSettingsAnswer = v.InferOutput<typeof dealSettingsAnswerSchema>;

/** PUT /api/deal-settings: the whole settings, and the version they were edited from. */
export const dealSettingsSaveSchema = v.strictObject({ version: versionSchema, settings: dealSettingsSchema });
export type DealSettingsSave = v.InferOutput<typeof dealSettingsSaveSchema>;
