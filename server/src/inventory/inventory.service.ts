import type { ArchivedCarAnswer, InventoryCar, InventoryListItem } from '../../../domain/contracts/inventory.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import type { CarListingState } from '../../../domain/enums.ts';
import {
  carWriteSchema,
  inventoryMessages,
  type CarPatch,
  type CarWrite,
  type CarWriteField,
  type InventoryListQuery,
} from '../../../domain/inventory.schema.ts';
import { isPublication } from '../../../domain/alerts.ts';
import { isListed } from '../../../domain/listing-states.ts';
import { recordAudit, recordAudits } from '../audit/audit.repository.ts';
import { enqueueOutboxEvent, enqueueOutboxEvents } from '../outbox/outbox.repository.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound, parseOr400 } from '../http/errors.ts';
import { deleteBlobsNoPhotoNames, lockBlobsToName } from '../media/media.repository.ts';

import { normalizeVin } from '../../../domain/vin.ts';
import { carTitle } from '../../../domain/cars.ts';
import { CAR_PHOTOS_MAX } from '../../../domain/car-photos.schema.ts';
import type { TradeInComparable } from '../../../domain/contracts/trade-ins.ts';
import {
  CAR_WRITE_FIELDS,
  type CarFields,
  deleteCarRow,
  findCarsByVinOrStock,
  findInventoryCar,
  listInventory,
  anyCarWithVinOrStock,
  insertCars,
  insertDraftCar,
  isCarReferenced,
  listComparableCars,
  lockCar,
  toCarWrite,
  toConflictingCar,
  toInventoryCar,
  updateCarRow,
  type ComparableQuery,
  type DraftCarValues,
} from './inventory.repository.ts';
import { appendCarPhotos, blobsOfCarPhotos, type NewCarPhoto } from './photos.repository.ts';

/**
 * Staff manage the inventory (docs/product/catalogue.md#catalogue, decision 016). Each change lands with its
 * audit row, naming the fields that changed, in one transaction or not at all. createCar and
 * updateCar take the caller's transaction, so the stock-file import writes every row
 * of a file in one; addCar, changeCar and removeCar open their own for the staff API.
 */

export const NO_SUCH_CAR = 'No car with this id.';
const ENTITY = 'car';
const NO_COUNTS = { views: 0, favorites: 0, applications: 0 };

/** 409 naming the other car that already has the VIN or the stock number (the VIN first: it identifies the vehicle). */
async function refuseDuplicates(trx: Db, vin: string | null, stockNumber: string | null, except: string | null): Promise<void> {
  const { byVin, byStock } = await findCarsByVinOrStock(trx, vin, stockNumber, except);
  if (byVin)
    throw new HttpError(
      'duplicate_vin',
      `Another car already has this VIN: stock number ${byVin.stock_number}.`,
      { vin: inventoryMessages.vinTaken },
      undefined,
      {
        otherCar: toConflictingCar(byVin),
      },
    );
  if (byStock)
    throw new HttpError(
      'duplicate_stock_number',
      `Another car already has this stock number: ${byStock.stock_number}.`,
      { stockNumber: inventoryMessages.stockNumberTaken },
      undefined,
      { otherCar: toConflictingCar(byStock) },
    );
}

/** The fields a new car was written with: those with a value. */
const givenFields = (car: CarWrite): CarWriteField[] =>
  CAR_WRITE_FIELDS.filter((field) => {
    const value = car[field];
    return value !== null && !(Array.isArray(value) && value.length === 0);
  });

/**
 * Cars written per statement: a car is 23 values, and PostgreSQL takes at most 65,535 in one
 * statement. A 5,000-car stock file is then ten inserts and ten audit inserts, not 15,000 statements
 * (npm run bench:import).
 */
const CARS_PER_STATEMENT = 500;

/** New cars, each with its `car.created` audit row, in the order given; 409 naming the other car when a VIN or stock number is taken. */
export async function createCars(trx: Db, inputs: readonly CarWrite[], actorUserId: number | null): Promise<InventoryCar[]> {
  const now = new Date();
  const cars: InventoryCar[] = [];
  for (let start = 0; start < inputs.length; start += CARS_PER_STATEMENT) {
    const batch = inputs.slice(start, start + CARS_PER_STATEMENT);
    // One look for the whole batch; only when something is taken is each car looked at, to name the other car.
    if (
      await anyCarWithVinOrStock(
        trx,
        batch.map((car) => car.vin),
        batch.map((car) => car.stockNumber),
      )
    )
      for (const input of batch) await refuseDuplicates(trx, input.vin, input.stockNumber, null);
    const rows = await insertCars(trx, batch);
    await recordAudits(
      trx,
      rows.map((row, i) => ({
        actorUserId,
        action: 'car.created',
        entity: ENTITY,
        entityId: row.uuid,
        details: { fields: givenFields(batch[i]!), listingState: row.listing_state },
      })),
    );
    // Shoppers' saved searches hear of a car that arrives available (docs/decisions/019-telegram-alerts.md).
    const published = rows.filter((row) => isPublication(null, row.listing_state));
    await enqueueOutboxEvents(
      trx,
      'car.published',
      published.map((row) => ({ carUuid: row.uuid })),
    );
    cars.push(...rows.map((row) => toInventoryCar(row, NO_COUNTS, now)));
  }
  return cars;
}

export async function createCar(trx: Db, input: CarWrite, actorUserId: number | null): Promise<InventoryCar> {
  const [car] = await createCars(trx, [input], actorUserId);
  return car!;
}

export interface CarChange {
  car: InventoryCar;
  /** Empty when the patch matched the stored car: nothing was written and the version stayed. */
  changed: CarWriteField[];
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies a patch made against `patch.version`. The rules across fields (the VIN's model year, a
 * certified car being used) are checked on the car as it would be after the change, with the same
 * write schema as a new car. A patch that changes nothing writes nothing, so importing a stock file
 * again leaves every car and its version as they were.
 */
export async function updateCar(trx: Db, uuid: string, patch: CarPatch, actorUserId: number | null): Promise<CarChange> {
  const row = await lockCar(trx, uuid);
  if (!row) throw notFound(NO_SUCH_CAR);
  const now = new Date();
  if (patch.version !== row.version) {
    const current = await findInventoryCar(trx, uuid, now);
    throw new HttpError(
      'stale_version',
      `This car was changed by someone else since you opened it (version ${row.version}, yours ${patch.version}). Review the current details and make your change again.`,
      undefined,
      undefined,
      current && { current },
    );
  }
  const stored = toCarWrite(row);
  const { version: _version, ...fields } = patch;
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<CarWrite>;
  // An archived car is judged as a draft would be: archived is a state staff reach by deleting, not by writing.
  const state: CarListingState = given.listingState ?? row.listing_state;
  const next = parseOr400(carWriteSchema, { ...stored, ...given, listingState: state === 'archived' ? 'draft' : state }, 'car');
  const changed = CAR_WRITE_FIELDS.filter((field) =>
    field === 'listingState' ? state !== row.listing_state : !sameValue(next[field], stored[field]),
  );
  if (changed.length === 0) {
    const current = await findInventoryCar(trx, uuid, now);
    if (!current) throw notFound(NO_SUCH_CAR);
    return { car: current, changed };
  }
  const vinChanged = changed.includes('vin');
  const stockChanged = changed.includes('stockNumber');
  if (vinChanged || stockChanged) await refuseDuplicates(trx, vinChanged ? next.vin : null, stockChanged ? next.stockNumber : null, uuid);
  const values: CarFields = {};
  for (const field of changed) Object.assign(values, { [field]: field === 'listingState' ? state : next[field] });
  await updateCarRow(trx, uuid, values);
  await recordCarNews(trx, uuid, { price: row.price, state: row.listing_state }, { price: next.price, state });
  await recordAudit(trx, {
    actorUserId,
    action: 'car.updated',
    entity: ENTITY,
    entityId: uuid,
    details: { fields: changed, ...(changed.includes('listingState') ? { listingState: { from: row.listing_state, to: state } } : {}) },
  });
  const car = await findInventoryCar(trx, uuid, now);
  if (!car) throw notFound(NO_SUCH_CAR);
  return { car, changed };
}

/**
 * The outbox events of a car's news, in the transaction of the change: a lower price on a car
 * shoppers can still buy, a car coming out of draft or the archive as available, and any other move
 * between listing states. Who hears of it is each consumer's business: the alerts tell fans of a
 * sale (docs/decisions/019-telegram-alerts.md), the visits tell those booked on a car that left sale
 * (docs/product/visits.md#messages-and-reminders).
 */
async function recordCarNews(
  trx: Db,
  carUuid: string,
  before: { price: number; state: CarListingState },
  after: { price: number; state: CarListingState },
): Promise<void> {
  if (after.price < before.price && isListed(after.state))
    await enqueueOutboxEvent(trx, 'car.price_dropped', { carUuid, oldPrice: before.price, newPrice: after.price });
  if (before.state === after.state) return;
  if (isPublication(before.state, after.state)) await enqueueOutboxEvent(trx, 'car.published', { carUuid });
  else await enqueueOutboxEvent(trx, 'car.listing_changed', { carUuid, from: before.state, to: after.state });
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Two staff members saving the same new VIN at the same moment both pass the check; the unique index
 * refuses the second. Its transaction is gone by then, so the other car is looked up afresh.
 */
async function explainDuplicate(
  db: Db,
  error: unknown,
  vin: string | null,
  stockNumber: string | null,
  except: string | null,
): Promise<never> {
  if (isUniqueViolation(error)) await refuseDuplicates(db, vin, stockNumber, except);
  throw error;
}

/** POST /api/inventory. */
export async function addCar(db: Db, input: CarWrite, actorUserId: number): Promise<InventoryCar> {
  return db
    .transaction()
    .execute((trx) => createCar(trx, input, actorUserId))
    .catch((error: unknown) => explainDuplicate(db, error, input.vin, input.stockNumber, null));
}

/** PATCH /api/inventory/{uuid}. */
export async function changeCar(db: Db, uuid: string, patch: CarPatch, actorUserId: number): Promise<InventoryCar> {
  return db
    .transaction()
    .execute(async (trx) => (await updateCar(trx, uuid, patch, actorUserId)).car)
    .catch((error: unknown) => explainDuplicate(db, error, patch.vin ?? null, patch.stockNumber ?? null, uuid));
}

export async function viewInventoryCar(db: Db, uuid: string): Promise<InventoryCar> {
  const car = await findInventoryCar(db, uuid, new Date());
  if (!car) throw notFound(NO_SUCH_CAR);
  return car;
}

/**
 * DELETE /api/inventory/{uuid}: a car nothing refers to is deleted; one that a favourite, a view, an
 * application or a visit refers to is archived instead, so their history keeps its car (decision
 * 016), and a shopper booked to see it is told it is gone.
 */
export async function removeCar(db: Db, uuid: string, actorUserId: number): Promise<{ deleted: true } | ArchivedCarAnswer> {
  return db.transaction().execute(async (trx) => {
    const row = await lockCar(trx, uuid);
    if (!row) throw notFound(NO_SUCH_CAR);
    if (!(await isCarReferenced(trx, uuid))) {
      // Its photos go with the car; so do their stored files that no other photo names (decision 018).
      const photos = await blobsOfCarPhotos(trx, uuid);
      await deleteCarRow(trx, uuid);
      await deleteBlobsNoPhotoNames(trx, photos.hashes, photos.addedUntil);
      await recordAudit(trx, {
        actorUserId,
        action: 'car.deleted',
        entity: ENTITY,
        entityId: uuid,
        details: { stockNumber: row.stock_number },
      });
      return { deleted: true } as const;
    }
    if (row.listing_state !== 'archived') {
      await updateCarRow(trx, uuid, { listingState: 'archived' });
      await recordCarNews(trx, uuid, { price: row.price, state: row.listing_state }, { price: row.price, state: 'archived' });
      await recordAudit(trx, {
        actorUserId,
        action: 'car.archived',
        entity: ENTITY,
        entityId: uuid,
        details: { fields: ['listingState'], listingState: { from: row.listing_state, to: 'archived' } },
      });
    }
    const car = await findInventoryCar(trx, uuid, new Date());
    if (!car) throw notFound(NO_SUCH_CAR);
    return {
      archived: true,
      message:
        'Visitors have viewed, saved, applied for or booked a visit to this car, so it was archived instead of deleted: staff still see it, the public does not.',
      car,
    };
  });
}

/** The staff list: days in stock count to now. */
export const searchInventory = (db: Db, query: InventoryListQuery): Promise<Paged<InventoryListItem>> =>
  listInventory(db, query, new Date());

/**
 * The car a stock number or VIN names (the caption of a photo sent to the bot), archived cars
 * included: staff still see those. The VIN wins should the text be one car's VIN and another's
 * stock number.
 */
export async function findCarByStockOrVin(
  db: Db,
  reference: string,
): Promise<{ uuid: string; title: string; stockNumber: string } | undefined> {
  const { byVin, byStock } = await findCarsByVinOrStock(db, normalizeVin(reference), reference.trim().toUpperCase());
  const row = byVin ?? byStock;
  return row && { uuid: row.uuid, title: carTitle(row), stockNumber: row.stock_number };
}

const DAY_MS = 86_400_000;

/**
 * The dealer's own cars like another (a trade-in being appraised): price, where each stands and how
 * long it took to sell or has waited. A sold car's last change is taken as its sale, the table keeping
 * no date of its own for it.
 */
export async function findComparableCars(db: Db, query: ComparableQuery, now: Date): Promise<TradeInComparable[]> {
  const rows = await listComparableCars(db, query);
  return rows.flatMap((row) =>
    row.listing_state === 'archived'
      ? []
      : [
          {
            uuid: row.uuid,
            title: carTitle(row),
            year: row.year,
            mileage: row.mileage,
            price: row.price,
            listingState: row.listing_state,
            daysInStock: Math.max(
              0,
              Math.floor(((row.listing_state === 'sold' ? row.updated_at : now).getTime() - row.date_added.getTime()) / DAY_MS),
            ),
            sold: row.listing_state === 'sold',
          },
        ],
  );
}

/**
 * A used draft car made from something that is not the car form (a trade-in put into stock), with
 * photos whose stored files it re-uses rather than copies, in the caller's transaction; audited as
 * `car.created` with `source`. It stays a draft for staff to price, describe and publish; 409 naming
 * the other car when the VIN is taken, or when a photo's files were deleted meanwhile.
 */
export async function createDraftCarWithPhotos(
  trx: Db,
  car: DraftCarValues,
  photos: readonly NewCarPhoto[],
  actorUserId: number,
  source: Record<string, unknown>,
): Promise<{ carUuid: string; photoCount: number }> {
  await refuseDuplicates(trx, car.vin, null, null);
  const row = await insertDraftCar(trx, car);
  const kept = photos.slice(0, CAR_PHOTOS_MAX);
  const hashes = kept.flatMap((photo) => Object.values(photo.variants).flatMap((variant) => [variant.webp, variant.jpeg]));
  const stored = await lockBlobsToName(trx, hashes);
  if (hashes.some((hash) => !stored.has(hash)))
    throw new HttpError('conflict', "Some of the photos' stored files are gone, so the car was not made: try again.");
  const photoIds = kept.length === 0 ? [] : await appendCarPhotos(trx, row.uuid, kept);
  await recordAudit(trx, {
    actorUserId,
    action: 'car.created',
    entity: ENTITY,
    entityId: row.uuid,
    details: {
      fields: (['vin', 'year', 'brand', 'model', 'trim', 'mileage', 'price'] as const).filter(
        (field) => car[field] !== null && car[field] !== '',
      ),
      listingState: row.listing_state,
      photoIds,
      ...source,
    },
  });
  return { carUuid: row.uuid, photoCount: photoIds.length };
}
