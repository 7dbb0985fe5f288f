import * as v from 'valibot';
import type { ApplicationDeal } from '../../domain/deals/application-deal.schema.ts';
import { quoteDeal, type DealCar } from '../../domain/deals/deal-calculator.ts';
import { dealInputSchema, type DealInput } from '../../domain/deals/deal-input.schema.ts';
import { exampleDealSettings, type DealSettings } from '../../domain/deals/deal-settings.ts';

/** The seeded example settings for Texas, with one rebate for every make, so a deal can show each kind of line. */
export const TEST_DEAL_SETTINGS: DealSettings = {
  ...exampleDealSettings('TX'),
  rebates: [
    {
      id: 'spring',
      name: { en: 'Spring rebate', uk: 'Весняна знижка', es: 'Reembolso de primavera', ru: 'Весенняя скидка' },
      amountCents: 50_000,
      makes: [],
      dealTypes: ['cash', 'finance', 'lease'],
    },
  ],
};

/** A $30,000 Ford with an MSRP of $32,500: one that can be bought for cash, financed and leased. */
export const TEST_DEAL_CAR: DealCar = {
  id: '0b7c3c1e-5d2a-4f4e-9d8e-2f1a6c9b4e21',
  make: 'Ford',
  stockNumber: 'S1',
  priceCents: 3_000_000,
  msrpCents: 3_250_000,
};

/** An application's deal as the server stores it: what the applicant chose (a Dallas ZIP unless said) and the quote priced from it. */
export function testApplicationDeal(input: Partial<DealInput> & Pick<DealInput, 'type'>, settingsVersion = 1): ApplicationDeal {
  const parsed = v.parse(dealInputSchema, { zip: '75201', ...input });
  const outcome = quoteDeal(TEST_DEAL_CAR, parsed, TEST_DEAL_SETTINGS);
  if (!outcome.ok) throw new Error(`the test deal does not price: ${outcome.field}: ${outcome.message}`);
  return { input: parsed, settingsVersion, quote: outcome.quote };
}

export const TEST_DEALS = {
  cash: () => testApplicationDeal({ type: 'cash', trade: { allowanceCents: 800_000, payoffCents: 500_000 } }),
  finance: () =>
    testApplicationDeal({
      type: 'finance',
      tierId: 'excellent',
      termMonths: 72,
      cashDownCents: 200_000,
      productIds: ['gap'],
      trade: { allowanceCents: 800_000, payoffCents: 500_000 },
    }),
  lease: () => testApplicationDeal({ type: 'lease', tierId: 'good', termMonths: 36, milesPerYear: 12_000, cashDownCents: 200_000 }),
};
