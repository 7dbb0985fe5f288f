import * as v from 'valibot';
import { dealInputSchema } from './deal-input.schema.ts';
import { pricedDealSchema } from './deal-quote.schema.ts';

/**
 * The deal an application is made with (docs/product/deals.md#the-deal-in-the-application): what the
 * applicant chose and the quote they were shown, priced under `settingsVersion`. The server prices
 * `input` again under that version and refuses a `quote` that differs, so a client cannot send its
 * own numbers.
 */
export const applicationDealSchema = v.strictObject({ input: dealInputSchema, ...pricedDealSchema.entries });
export type ApplicationDeal = v.InferOutput<typeof applicationDealSchema>;
