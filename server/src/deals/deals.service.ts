import type { DealSettingsAnswer, DealSettingsSave } from '../../../domain/contracts/deals.ts';
import type { ApplicationDeal } from '../../../domain/deals/application-deal.schema.ts';
import { type DealCar, quoteDeal } from '../../../domain/deals/deal-calculator.ts';
import { quoteOffer, type DealRevision, type OfferOutcome } from '../../../domain/deals/deal-offer.ts';
import type { DealInput } from '../../../domain/deals/deal-input.schema.ts';
import type { DealQuote, PricedDeal } from '../../../domain/deals/deal-quote.schema.ts';
import {
  type DealSettings,
  exampleDealSettings,
  FINANCE_TERMS,
  LEASE_MILEAGES,
  LEASE_TERMS,
  type VersionedDealSettings,
} from '../../../domain/deals/deal-settings.ts';
import { dollarsToCents } from '../../../domain/deals/money.ts';
import { validationMessages as m } from '../../../domain/messages.ts';
import type { UsStateCode } from '../../../domain/us-states.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findDealCar } from '../cars/cars.repository.ts';
import type { Db } from '../db/database.ts';
import { currentVersionedSettings, saveVersionedSettings, type VersionedSettingsStore } from '../db/versioned-settings.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { findDealSettings, findLatestDealSettingsVersion, insertDealSettings } from './deals.repository.ts';

/**
 * Deals (docs/product/deals.md): the dealer's versioned settings and the quotes priced with them.
 * The settings are seeded the first time anything reads them, with the example for the dealer's own
 * state, so a fresh install quotes real numbers.
 */

/**
 * A version never changes once written, so each database's versions are kept once read: a quote
 * then asks the database only which version is newest. Keyed by database, as tests run many.
 */
const versionsRead = new WeakMap<Db, Map<number, VersionedDealSettings>>();

async function dealSettingsAt(db: Db, version: number): Promise<VersionedDealSettings | undefined> {
  const read = versionsRead.get(db) ?? new Map<number, VersionedDealSettings>();
  versionsRead.set(db, read);
  const known = read.get(version);
  if (known) return known;
  const found = await findDealSettings(db, version);
  if (found) read.set(version, found);
  return found;
}

/** The newest version, read through the versions kept above. */
async function findLatestDealSettings(db: Db): Promise<VersionedDealSettings | undefined> {
  const latest = await findLatestDealSettingsVersion(db);
  return latest === undefined ? undefined : dealSettingsAt(db, latest);
}

const dealSettings: VersionedSettingsStore<DealSettings> = {
  name: 'deal settings',
  findLatest: findLatestDealSettings,
  insert: insertDealSettings,
  staleError: (currentVersion) =>
    new HttpError(
      'stale_version',
      `These deal settings were changed by someone else (now version ${currentVersion}): reload them and make your change again.`,
    ),
  audit: { record: recordAudit, action: 'deal_settings.saved', entity: 'deal_settings' },
};

export async function currentDealSettings(db: Db, dealerState: UsStateCode): Promise<VersionedDealSettings> {
  return currentVersionedSettings(db, dealSettings, () => exampleDealSettings(dealerState));
}

export function toDealSettingsAnswer({ version, settings }: VersionedDealSettings): DealSettingsAnswer {
  return {
    version,
    settings,
    financeTerms: [...FINANCE_TERMS],
    leaseTerms: [...LEASE_TERMS],
    leaseMileages: [...LEASE_MILEAGES],
    taxedStates: settings.states.map((rule) => rule.state),
  };
}

/** Saves the settings as the next version; a 409 when someone saved another version since `version`. */
export async function saveDealSettings(
  db: Db,
  dealerState: UsStateCode,
  actorUserId: number,
  save: DealSettingsSave,
): Promise<VersionedDealSettings> {
  return saveVersionedSettings(db, dealSettings, () => exampleDealSettings(dealerState), actorUserId, save);
}

type StoredDealCar = NonNullable<Awaited<ReturnType<typeof findDealCar>>>;

const dealCarOf = (car: StoredDealCar): DealCar => ({
  id: car.uuid,
  make: car.brand,
  stockNumber: car.stock_number,
  priceCents: dollarsToCents(car.price),
  msrpCents: car.msrp === null ? null : dollarsToCents(car.msrp),
});

/** A car the public can see and may still buy, as a deal prices it. */
async function dealCarOrThrow(db: Db, carId: string): Promise<DealCar> {
  const car = await findDealCar(db, carId);
  if (!car) throw notFound('No car with this id.');
  if (car.status !== 'available') throw new HttpError('car_unavailable', 'This car is no longer available: choose another car.');
  return dealCarOf(car);
}

/**
 * The quote, or a 400 naming the field of the request: an input's field under `inputPath`, where
 * the request holds the input; an offer's terms under `terms`.
 */
function quoteOrThrow(outcome: OfferOutcome, inputPath: string): DealQuote {
  if (outcome.ok) return outcome.quote;
  const field = outcome.field.startsWith('terms.') ? outcome.field : `${inputPath}.${outcome.field}`;
  throw new HttpError('bad_request', `Invalid deal: ${field}: ${outcome.message}`, { [field]: outcome.message });
}

/** The quote for a car the public can see, priced with the newest settings. */
export async function priceDeal(db: Db, dealerState: UsStateCode, carId: string, input: DealInput): Promise<PricedDeal> {
  const car = await dealCarOrThrow(db, carId);
  const { version, settings } = await currentDealSettings(db, dealerState);
  return { settingsVersion: version, quote: quoteOrThrow(quoteDeal(car, input, settings), 'deal') };
}

/**
 * A deal as an application sends it, priced again for its car under the settings version it names
 * rather than the newest (docs/product/deals.md#the-deal-in-the-application): the numbers the shopper
 * was shown stay valid when the settings change, while the car's price is read as it is now. Errors
 * name the fields under `path`, where the deal sits in the request.
 */
export async function priceDealUnder(
  db: Db,
  carId: string,
  { input, settingsVersion }: Pick<ApplicationDeal, 'input' | 'settingsVersion'>,
  path: string,
): Promise<PricedDeal> {
  const car = await dealCarOrThrow(db, carId);
  const versioned = await dealSettingsAt(db, settingsVersion);
  if (!versioned) {
    throw new HttpError(
      'bad_request',
      `Invalid deal: ${path}.settingsVersion: there are no deal settings of version ${settingsVersion}; price the deal again (POST /api/deals/quote).`,
      { [`${path}.settingsVersion`]: m.invalidValue },
    );
  }
  return { settingsVersion, quote: quoteOrThrow(quoteDeal(car, input, versioned.settings), `${path}.input`) };
}

/**
 * The desk's offer on an application's car (docs/product/deals.md#offers), priced with the newest
 * settings whatever the car's listing state: the applicant's car may be on hold for them by now.
 */
export async function priceOffer(db: Db, dealerState: UsStateCode, carId: string, revision: DealRevision): Promise<PricedDeal> {
  const car = await findDealCar(db, carId);
  if (!car) throw new HttpError('conflict', "This application's car is no longer in the inventory: an offer needs a car to price.");
  const { version, settings } = await currentDealSettings(db, dealerState);
  return { settingsVersion: version, quote: quoteOrThrow(quoteOffer(dealCarOf(car), revision.input, revision.terms, settings), 'input') };
}
