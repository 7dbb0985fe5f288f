import * as v from 'valibot';
import type { DealOffer } from '../../../domain/contracts/applications.ts';
import type { CarItem } from '../../../domain/contracts/cars.ts';
import type { DealQuoteRequest, DealSettingsAnswer } from '../../../domain/contracts/deals.ts';
import type { ApplicationDeal } from '../../../domain/deals/application-deal.schema.ts';
import { quoteDeal } from '../../../domain/deals/deal-calculator.ts';
import { dealInputSchema, type DealInput } from '../../../domain/deals/deal-input.schema.ts';
import { offerTermsSchema, quoteOffer, type DealOfferStatus, type OfferTerms } from '../../../domain/deals/deal-offer.ts';
import { exampleDealSettings, FINANCE_TERMS, LEASE_MILEAGES, LEASE_TERMS, type DealSettings } from '../../../domain/deals/deal-settings.ts';

/** A car that can be leased (it has an MSRP), as GET /api/cars/{uuid} answers it. */
export const DEAL_CAR: CarItem = {
  uuid: '7d0e9a1c-2b3f-4c5d-8e6f-1a2b3c4d5e6f',
  is_favorite: false,
  brand: 'Toyota',
  model: 'Camry',
  year: 2024,
  price: 30_000,
  mileage: 1_200,
  condition: 'used',
  certified: false,
  status: 'available',
  listingState: 'available',
  hold: null,
  dateAdded: '2026-01-15T10:00:00.000Z',
  trim: 'SE',
  bodyStyle: 'Sedan',
  exteriorColor: 'Celestial Silver',
  interiorColor: 'Black',
  vin: '4T1G11AK5MU000001',
  transmission: 'eCVT',
  drivetrain: 'FWD',
  fuelType: 'Hybrid',
  engine: '2.5L I4 Hybrid',
  mpgCity: 51,
  mpgHighway: 49,
  msrp: 32_000,
  features: [],
  description: '',
  photos: [],
  images: [],
};

/** The seeded settings of a dealer in Texas (TX has a tax rule), as GET /api/deal-settings answers them. */
export function dealSettingsAnswer(version = 1, settings: DealSettings = exampleDealSettings('TX')): DealSettingsAnswer {
  return {
    version,
    settings,
    financeTerms: [...FINANCE_TERMS],
    leaseTerms: [...LEASE_TERMS],
    leaseMileages: [...LEASE_MILEAGES],
    taxedStates: ['TX'],
  };
}

/** The deal as the server prices it for `car` under `answer` (server/src/deals/): what POST /api/deals/quote answers and an application stores. */
export function pricedDeal(
  input: Partial<DealInput> & Pick<DealInput, 'type' | 'zip'>,
  answer = dealSettingsAnswer(),
  car = DEAL_CAR,
): ApplicationDeal {
  const deal = v.parse(dealInputSchema, input);
  const outcome = quoteDeal(
    { id: car.uuid, make: car.brand, stockNumber: 'S1', priceCents: car.price * 100, msrpCents: car.msrp === null ? null : car.msrp * 100 },
    deal,
    answer.settings,
  );
  if (!outcome.ok) throw new Error(`the deal is refused: ${outcome.field}: ${outcome.message}`);
  return { input: deal, settingsVersion: answer.version, quote: outcome.quote };
}

/** POST /api/deals/quote at the network edge, pricing with whatever settings `current` gives now. */
export function quoteRoute(current: () => DealSettingsAnswer = () => dealSettingsAnswer()) {
  return ({ body }: { body: unknown }) => {
    const { carId, deal } = body as DealQuoteRequest;
    if (carId !== DEAL_CAR.uuid) throw new Error(`a quote for an unknown car ${carId}`);
    const { settingsVersion, quote } = pricedDeal(deal, current());
    return { settingsVersion, quote };
  };
}

interface OfferFixture {
  id: number;
  input: Partial<DealInput> & Pick<DealInput, 'type' | 'zip'>;
  terms?: Partial<OfferTerms>;
  status?: DealOfferStatus;
  sentAt?: string;
  respondedAt?: string | null;
}

/** A desk's offer as the server prices it for DEAL_CAR under the seeded settings (server/src/deals/deals.service.ts priceOffer). */
export function dealOffer({
  id,
  input,
  terms = {},
  status = 'sent',
  sentAt = '2026-06-03T15:00:00.000Z',
  respondedAt = null,
}: OfferFixture): DealOffer {
  const answer = dealSettingsAnswer();
  const deal = v.parse(dealInputSchema, input);
  const set = v.parse(offerTermsSchema, terms);
  const car = DEAL_CAR;
  const outcome = quoteOffer(
    { id: car.uuid, make: car.brand, stockNumber: 'S1', priceCents: car.price * 100, msrpCents: car.msrp === null ? null : car.msrp * 100 },
    deal,
    set,
    answer.settings,
  );
  if (!outcome.ok) throw new Error(`the offer is refused: ${outcome.field}: ${outcome.message}`);
  return { id, status, sentAt, respondedAt, settingsVersion: answer.version, input: deal, terms: set, quote: outcome.quote };
}
