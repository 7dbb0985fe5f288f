import { sql, type ExpressionBuilder, type Updateable } from 'kysely';
import type {
  ConflictingCar,
  InventoryCar,
  InventoryCounts,
  InventoryListItem,
  InventoryPhoto,
  PhotoFetch,
} from '../../../domain/contracts/inventory.ts';
import { carTitle } from '../../../domain/cars.ts';
import { toPaged, type Paged } from '../../../domain/contracts/paged.ts';
import type { CarBodyStyle, CarListingState } from '../../../domain/enums.ts';
import type { CarWrite, CarWriteField, InventoryListQuery, InventorySort } from '../../../domain/inventory.schema.ts';
import type { Db } from '../db/database.ts';
import type { CarRow, CarsTable, Database } from '../db/schema.ts';
import { listPhotoFetches } from './photo-fetches.repository.ts';
import { coversOfCars, listCarPhotos, toInventoryPhoto } from './photos.repository.ts';

const DAY_MS = 86_400_000;

/** Each write field's column. */
const COLUMNS = {
  vin: 'vin',
  stockNumber: 'stock_number',
  year: 'year',
  brand: 'brand',
  model: 'model',
  trim: 'trim',
  bodyStyle: 'body_style',
  condition: 'condition',
  certified: 'certified',
  price: 'price',
  msrp: 'msrp',
  mileage: 'mileage',
  exteriorColor: 'exterior_color',
  interiorColor: 'interior_color',
  transmission: 'transmission',
  drivetrain: 'drivetrain',
  fuelType: 'fuel_type',
  engine: 'engine',
  mpgCity: 'mpg_city',
  mpgHighway: 'mpg_highway',
  features: 'features',
  description: 'description',
  listingState: 'listing_state',
} as const satisfies Record<CarWriteField, keyof CarsTable>;

export const CAR_WRITE_FIELDS = Object.keys(COLUMNS) as CarWriteField[];

/** What a write sets: the write fields, with `archived` among the states (DELETE of a car something refers to). */
export type CarFields = Partial<Omit<CarWrite, 'listingState'>> & { listingState?: CarListingState };

/** The columns of the fields given. */
function toColumns(fields: CarFields): Updateable<CarsTable> {
  const values: Record<string, unknown> = {};
  for (const field of CAR_WRITE_FIELDS) if (fields[field] !== undefined) values[COLUMNS[field]] = fields[field];
  return values;
}

/**
 * A stored car in the write schema's terms. A car from before the inventory (migration 0014) may lack
 * a VIN, and its body style may be outside today's list; writing it again runs it through the rules.
 */
export function toCarWrite(row: CarRow): Omit<CarWrite, 'listingState'> & { listingState: CarListingState } {
  return {
    vin: row.vin ?? '',
    stockNumber: row.stock_number,
    year: row.year,
    brand: row.brand,
    model: row.model,
    trim: row.trim,
    bodyStyle: row.body_style as CarBodyStyle | null,
    condition: row.condition,
    certified: row.certified,
    price: row.price,
    msrp: row.msrp,
    mileage: row.mileage,
    exteriorColor: row.exterior_color,
    interiorColor: row.interior_color,
    transmission: row.transmission,
    drivetrain: row.drivetrain,
    fuelType: row.fuel_type,
    engine: row.engine,
    mpgCity: row.mpg_city,
    mpgHighway: row.mpg_highway,
    features: row.features,
    description: row.description,
    listingState: row.listing_state,
  };
}

const daysSince = (date: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - date.getTime()) / DAY_MS));

export function toInventoryCar(
  row: CarRow,
  counts: InventoryCounts,
  now: Date,
  photos: InventoryPhoto[] = [],
  photoFetches: PhotoFetch[] = [],
): InventoryCar {
  return {
    ...toCarWrite(row),
    uuid: row.uuid,
    version: row.version,
    dateAdded: row.date_added.toISOString(),
    daysInStock: daysSince(row.date_added, now),
    updatedAt: row.updated_at.toISOString(),
    photos,
    photoFetches,
    counts,
  };
}

export const toConflictingCar = (row: CarRow): ConflictingCar => ({
  uuid: row.uuid,
  stockNumber: row.stock_number,
  vin: row.vin ?? '',
  title: carTitle(row),
});

/** Views, favourites and applications of the car in the outer query, each through its own index on car_uuid. */
const countColumns = (eb: ExpressionBuilder<Database, 'cars'>) =>
  [
    eb.selectFrom('car_views').select(eb.fn.countAll<string>().as('n')).whereRef('car_views.car_uuid', '=', 'cars.uuid').as('views'),
    eb.selectFrom('favorites').select(eb.fn.countAll<string>().as('n')).whereRef('favorites.car_uuid', '=', 'cars.uuid').as('favorites'),
    eb
      .selectFrom('applications')
      .select(eb.fn.countAll<string>().as('n'))
      .whereRef('applications.car_uuid', '=', 'cars.uuid')
      .as('applications'),
  ] as const;

type Counted = { views: string | number | null; favorites: string | number | null; applications: string | number | null };
const toCounts = (row: Counted): InventoryCounts => ({
  views: Number(row.views ?? 0),
  favorites: Number(row.favorites ?? 0),
  applications: Number(row.applications ?? 0),
});

export async function findInventoryCar(db: Db, uuid: string, now: Date): Promise<InventoryCar | undefined> {
  const row = await db.selectFrom('cars').selectAll('cars').select(countColumns).where('uuid', '=', uuid).executeTakeFirst();
  return (
    row && toInventoryCar(row, toCounts(row), now, (await listCarPhotos(db, uuid)).map(toInventoryPhoto), await listPhotoFetches(db, uuid))
  );
}

/** The car, locked until the transaction ends, so two edits of it queue instead of interleaving. */
export async function lockCar(db: Db, uuid: string): Promise<CarRow | undefined> {
  return db.selectFrom('cars').selectAll().where('uuid', '=', uuid).forUpdate().executeTakeFirst();
}

/** Inserts the cars in one statement and answers their rows in the order given (stock numbers are unique). */
export async function insertCars(db: Db, cars: readonly CarWrite[]): Promise<CarRow[]> {
  if (cars.length === 0) return [];
  const rows = await db
    .insertInto('cars')
    .values(
      cars.map((car) => ({
        ...toColumns(car),
        brand: car.brand,
        model: car.model,
        year: car.year,
        price: car.price,
        mileage: car.mileage,
        condition: car.condition,
      })),
    )
    .returningAll()
    .execute();
  const byStock = new Map(rows.map((row) => [row.stock_number, row]));
  return cars.map((car) => byStock.get(car.stockNumber)!);
}

/** Writes the fields given, one version on, stamped now. */
export async function updateCarRow(db: Db, uuid: string, fields: CarFields): Promise<CarRow> {
  return db
    .updateTable('cars')
    .set(toColumns(fields))
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: sql<Date>`now()` }))
    .where('uuid', '=', uuid)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether any car has one of these VINs or stock numbers. */
export async function anyCarWithVinOrStock(db: Db, vins: readonly string[], stockNumbers: readonly string[]): Promise<boolean> {
  if (vins.length === 0 && stockNumbers.length === 0) return false;
  const row = await db
    .selectFrom('cars')
    .select('uuid')
    .where((eb) =>
      eb.or([
        ...(vins.length === 0 ? [] : [eb('vin', 'in', vins)]),
        ...(stockNumbers.length === 0 ? [] : [eb('stock_number', 'in', stockNumbers)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The car with this VIN and the car with this stock number (one car, two, or none), other than `except`. */
export async function findCarsByVinOrStock(
  db: Db,
  vin: string | null,
  stockNumber: string | null,
  except: string | null = null,
): Promise<{ byVin: CarRow | undefined; byStock: CarRow | undefined }> {
  if (vin === null && stockNumber === null) return { byVin: undefined, byStock: undefined };
  let query = db
    .selectFrom('cars')
    .selectAll()
    .where((eb) =>
      eb.or([...(vin === null ? [] : [eb('vin', '=', vin)]), ...(stockNumber === null ? [] : [eb('stock_number', '=', stockNumber)])]),
    );
  if (except !== null) query = query.where('uuid', '<>', except);
  const rows = await query.execute();
  return {
    byVin: vin === null ? undefined : rows.find((row) => row.vin === vin),
    byStock: stockNumber === null ? undefined : rows.find((row) => row.stock_number === stockNumber),
  };
}

/**
 * Whether anything keeps the car: a favourite, a view, an application or a visit (booked or past,
 * staff's calendar keeps it). A draft application names
 * its car only inside its sealed payload, and its applicant opened that car's page first, so the
 * view stands for the draft (decision 016).
 */
export async function isCarReferenced(db: Db, uuid: string): Promise<boolean> {
  const { rows } = await sql<{ referenced: boolean }>`
    select exists (select 1 from favorites where car_uuid = ${uuid})
        or exists (select 1 from car_views where car_uuid = ${uuid})
        or exists (select 1 from applications where car_uuid = ${uuid})
        or exists (select 1 from visits where car_uuid = ${uuid}) as referenced`.execute(db);
  return rows[0]?.referenced === true;
}

export async function deleteCarRow(db: Db, uuid: string): Promise<void> {
  await db.deleteFrom('cars').where('uuid', '=', uuid).execute();
}

/** LIKE treats % and _ as wildcards and \ as the escape; a search for "A_1" must mean exactly that. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every sort ends with the uuid, so paging never repeats or skips a car. */
const ORDER: Record<InventorySort, Array<[string, 'asc' | 'desc']>> = {
  days_desc: [['cars.date_added', 'asc']],
  days_asc: [['cars.date_added', 'desc']],
  price_asc: [['cars.price', 'asc']],
  price_desc: [['cars.price', 'desc']],
  year_desc: [['cars.year', 'desc']],
  year_asc: [['cars.year', 'asc']],
  views_desc: [['views', 'desc']],
  favorites_desc: [['favorites', 'desc']],
};

/** docs/product/catalogue.md#catalogue: the staff list, with what each car drew from visitors. */
export async function listInventory(db: Db, q: InventoryListQuery, now: Date): Promise<Paged<InventoryListItem>> {
  let filtered = db.selectFrom('cars');
  if (q.q !== undefined && q.q !== '') {
    const pattern = `%${escapeLike(q.q.toLowerCase())}%`;
    filtered = filtered.where((eb) =>
      eb.or(
        (['vin', 'stock_number', 'brand', 'model'] as const).map((column) =>
          eb(sql<string>`lower(${sql.ref(`cars.${column}`)})`, 'like', pattern),
        ),
      ),
    );
  }
  filtered = q.state === undefined ? filtered.where('listing_state', '<>', 'archived') : filtered.where('listing_state', '=', q.state);
  if (q.condition !== undefined) filtered = filtered.where('condition', '=', q.condition);
  if (q.brand !== undefined) filtered = filtered.where('brand', '=', q.brand);
  if (q.priceMin !== undefined) filtered = filtered.where('price', '>=', q.priceMin);
  if (q.priceMax !== undefined) filtered = filtered.where('price', '<=', q.priceMax);
  if (q.yearMin !== undefined) filtered = filtered.where('year', '>=', q.yearMin);
  if (q.yearMax !== undefined) filtered = filtered.where('year', '<=', q.yearMax);
  // A car is d days in stock from d whole days after it was added until the day after.
  if (q.daysMin !== undefined) filtered = filtered.where('date_added', '<=', new Date(now.getTime() - q.daysMin * DAY_MS));
  if (q.daysMax !== undefined) filtered = filtered.where('date_added', '>', new Date(now.getTime() - (q.daysMax + 1) * DAY_MS));

  let page = filtered.selectAll('cars').select(countColumns);
  for (const [column, direction] of ORDER[q.sort]) page = page.orderBy(sql.ref(column), direction);
  const [rows, counted] = await Promise.all([
    page
      .orderBy('cars.uuid')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const covers = await coversOfCars(
    db,
    rows.map((row) => row.uuid),
  );
  const items = rows.map((row): InventoryListItem => {
    const counts = toCounts(row);
    return {
      uuid: row.uuid,
      stockNumber: row.stock_number,
      vin: row.vin ?? '',
      year: row.year,
      brand: row.brand,
      model: row.model,
      trim: row.trim,
      price: row.price,
      mileage: row.mileage,
      daysInStock: daysSince(row.date_added, now),
      listingState: row.listing_state,
      condition: row.condition,
      cover: covers.get(row.uuid) ?? null,
      ...counts,
      version: row.version,
    };
  });
  return toPaged(items, Number(counted.total), q.page, q.limit);
}

/** A draft car made from something other than the car form (a trade-in put into stock): what is known of it. */
export interface DraftCarValues {
  vin: string | null;
  year: number;
  brand: string;
  model: string;
  trim: string | null;
  mileage: number;
  price: number;
}

/** Inserts a used draft car; the stock number is the table's next one (migration 0014). */
export async function insertDraftCar(db: Db, car: DraftCarValues): Promise<CarRow> {
  return db
    .insertInto('cars')
    .values({ ...car, condition: 'used', listing_state: 'draft' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ComparableQuery {
  make: string;
  model: string;
  year: number;
  /** Model years either side of `year`. */
  years: number;
  limit: number;
}

/**
 * The dealer's cars of this make and model (any case) within `years` model years, archived ones
 * aside, the nearest year first and the newest arrival among equals.
 */
export async function listComparableCars(db: Db, q: ComparableQuery): Promise<CarRow[]> {
  return db
    .selectFrom('cars')
    .selectAll()
    .where(sql<string>`lower(brand)`, '=', q.make.toLowerCase())
    .where(sql<string>`lower(model)`, '=', q.model.toLowerCase())
    .where('year', '>=', q.year - q.years)
    .where('year', '<=', q.year + q.years)
    .where('listing_state', '<>', 'archived')
    .orderBy(sql`abs(year - ${q.year})`)
    .orderBy('date_added', 'desc')
    .orderBy('uuid')
    .limit(q.limit)
    .execute();
}
