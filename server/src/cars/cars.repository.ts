import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type ExpressionBuilder,
  type SqlBool,
} from 'kysely';
import { CAR_SORTS, type CarListQuery, type CarSort } from '../../../domain/cars.ts';
import type { BrandFilterData, CarCard, CarFilterData, CarHold, CarImage, CarItem, Range } from '../../../domain/contracts/cars.ts';
import { CAR_CONDITION_FILTERS, type CarConditionFilter } from '../../../domain/enums.ts';
import { shownListingState } from '../../../domain/listing-states.ts';
import { toPaged, type Paged } from '../../../domain/contracts/paged.ts';
import type { Db } from '../db/database.ts';
import type { CarRow, Database } from '../db/schema.ts';
import type { CountCache } from './count-cache.ts';
import { imageOfDrawing, imageOfPhoto, type CarPhotoVariants } from '../../../domain/car-images.ts';

/** An uploaded photo as the car queries read it from car_photos. */
interface UploadedPhoto {
  variants: CarPhotoVariants;
  width: number;
  height: number;
}

const uploadedPhoto = (alias: string) =>
  sql.raw(`jsonb_build_object('variants', ${alias}.variants, 'width', ${alias}.width, 'height', ${alias}.height)`);

/** Every sort ends with the unique uuid so that paging never repeats or skips a car. */
const ORDER: Record<CarSort, Array<[keyof CarRow, 'asc' | 'desc']>> = {
  default: [
    ['brand', 'asc'],
    ['model', 'asc'],
    ['year', 'desc'],
    ['uuid', 'asc'],
  ],
  price_asc: [
    ['price', 'asc'],
    ['uuid', 'asc'],
  ],
  price_desc: [
    ['price', 'desc'],
    ['uuid', 'desc'],
  ],
  date_added: [
    ['date_added', 'desc'],
    ['uuid', 'asc'],
  ],
  year_asc: [
    ['year', 'asc'],
    ['uuid', 'asc'],
  ],
  year_desc: [
    ['year', 'desc'],
    ['uuid', 'desc'],
  ],
  mileage_asc: [
    ['mileage', 'asc'],
    ['uuid', 'asc'],
  ],
  mileage_desc: [
    ['mileage', 'desc'],
    ['uuid', 'desc'],
  ],
};
const SORT_INDEX = Object.fromEntries(CAR_SORTS.map((sort, i) => [sort, i])) as Record<CarSort, number>;

type ValueFilter = keyof Omit<CarListQuery, 'page' | 'limit' | 'sort' | 'available'>;
const FILTERS: ReadonlyArray<readonly [ValueFilter, 'brand' | 'model' | 'condition' | 'year' | 'price' | 'mileage', '=' | '>=' | '<=']> = [
  ['brand', 'brand', '='],
  ['model', 'model', '='],
  ['condition', 'condition', '='],
  ['yearMin', 'year', '>='],
  ['yearMax', 'year', '<='],
  ['priceMin', 'price', '>='],
  ['priceMax', 'price', '<='],
  ['mileageMin', 'mileage', '>='],
  ['mileageMax', 'mileage', '<='],
];

/**
 * The car list is the catalogue's hot path, so its statements are built and compiled once per
 * shape (which filters are present, the sort, signed in or not) rather than per request; a
 * request only binds its values. Compiling needs no connection, and the SQL is the same on
 * PostgreSQL and PGlite (decision 001).
 */
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

type Read = (q: CarListQuery, userId: number | null) => unknown;

/** Stands in for a request's value while a shape is compiled; binding swaps each one for its value. */
class Slot {
  constructor(readonly read: Read) {}
}
// Kysely takes any non-expression object as a parameter value, which is all a slot needs to be.
const slot = (read: Read) => new Slot(read) as never;

function bind<R>(template: CompiledQuery<R>, q: CarListQuery, userId: number | null): CompiledQuery<R> {
  const parameters = template.parameters.map((p) => (p instanceof Slot ? p.read(q, userId) : p));
  return CompiledQuery.raw(template.sql, parameters);
}

/** Bit 0: available only; bit i + 1: FILTERS[i] is given; the bit after them: certified cars only. */
const CERTIFIED_ONLY = 2 << FILTERS.length;

function filterShape(q: CarListQuery): number {
  let shape = q.available ? 1 : 0;
  for (let i = 0; i < FILTERS.length; i++) if (q[FILTERS[i]![0]] !== undefined) shape |= 2 << i;
  if (q.condition === 'certified') shape |= CERTIFIED_ONLY;
  return shape;
}

/** The stored condition a filter value asks for: a certified car is stored as used (CAR_CONDITION_FILTERS). */
const storedValue = (q: CarListQuery, key: ValueFilter) => (key === 'condition' && q.condition === 'certified' ? 'used' : q[key]);

/**
 * Decision 016: the generated status is null for a draft or an archived car, so "the public sees it"
 * is `status is not null` and "for sale" is `status = 'available'`, both on the leading column of
 * every catalogue index.
 */
function filteredCars(shape: number) {
  let query = compiler.selectFrom('cars');
  query = shape & 1 ? query.where('status', '=', 'available') : query.where('status', 'is not', null);
  FILTERS.forEach(([key, column, operator], i) => {
    if (shape & (2 << i))
      query = query.where(
        column,
        operator,
        slot((q) => storedValue(q, key)),
      );
  });
  if (shape & CERTIFIED_ONLY) query = query.where('certified', '=', true);
  return query;
}

/**
 * What a car's cover is made from: the first drawing, and the first uploaded photo, which replaces
 * the drawings (one index lookup per car, car_photos_car_position_key). carCover reads them.
 */
export const carCoverColumns = [
  sql<string | null>`cars.photos[1]`.as('photo'),
  sql<UploadedPhoto | null>`(select ${uploadedPhoto('p')} from car_photos p where p.car_uuid = cars.uuid order by p.position limit 1)`.as(
    'cover',
  ),
] as const;

export const carCover = (row: { photo: string | null; cover: UploadedPhoto | null }): CarImage | null =>
  row.cover ? imageOfPhoto(row.cover.variants, row.cover.width, row.cover.height) : row.photo ? imageOfDrawing(row.photo) : null;

interface StoredHold {
  until: string;
  userId: number | null;
}

/**
 * The hold on a car now, if a shopper has one (docs/product/visits.md#holds): a booked hold visit
 * that has not ended. It lifts by itself when its visit ends, with nothing to update.
 */
const carHoldColumn = sql<StoredHold | null>`(
  select json_build_object('until', v.ends_at, 'userId', v.user_id) from visits v
  where v.car_uuid = cars.uuid and v.type = 'hold' and v.status = 'booked' and v.ends_at > now()
  order by v.ends_at desc limit 1)`.as('hold');

const toCarHold = (hold: StoredHold | null, viewerId: number | null): CarHold | null =>
  hold && { until: new Date(hold.until).toISOString(), yours: viewerId !== null && hold.userId === viewerId };

/** What a card shows (domain CarCard), in one place for the catalogue and the favourites. */
export const carCardColumns = [
  'cars.uuid',
  'cars.brand',
  'cars.model',
  'cars.year',
  'cars.price',
  'cars.mileage',
  'cars.condition',
  'cars.certified',
  'cars.status',
  'cars.listing_state',
  'cars.date_added',
  'cars.trim',
  ...carCoverColumns,
  carHoldColumn,
] as const;

type CarCardRow = Pick<
  CarRow,
  'uuid' | 'brand' | 'model' | 'year' | 'price' | 'mileage' | 'condition' | 'certified' | 'status' | 'listing_state' | 'date_added' | 'trim'
> & {
  photo: string | null;
  cover: UploadedPhoto | null;
  is_favorite: SqlBool;
  hold: StoredHold | null;
};

/** A card for this viewer: `hold.yours` says whether the hold is theirs. */
export function toCarCard(row: CarCardRow, viewerId: number | null): CarCard {
  const image = row.cover
    ? imageOfPhoto(row.cover.variants, row.cover.width, row.cover.height)
    : row.photo
      ? imageOfDrawing(row.photo)
      : null;
  return {
    uuid: row.uuid,
    is_favorite: Boolean(row.is_favorite),
    brand: row.brand,
    model: row.model,
    year: row.year,
    price: row.price,
    mileage: row.mileage,
    condition: row.condition,
    certified: row.condition === 'used' && row.certified,
    status: row.status ?? 'unavailable',
    listingState: shownListingState(row.listing_state),
    hold: toCarHold(row.hold, viewerId),
    dateAdded: row.date_added.toISOString(),
    trim: row.trim,
    photo: image?.src ?? null,
    image,
  };
}

const isFavorite = (eb: ExpressionBuilder<Database, 'cars'>, userId: number | null) =>
  userId === null
    ? sql<boolean>`false`.as('is_favorite')
    : eb
        .exists(eb.selectFrom('favorites').whereRef('favorites.car_uuid', '=', 'cars.uuid').where('favorites.user_id', '=', userId))
        .as('is_favorite');

function compilePage(shape: number, sort: CarSort, signedIn: boolean): CompiledQuery<CarCardRow> {
  let page = filteredCars(shape)
    .select(carCardColumns)
    .select((eb) => isFavorite(eb, signedIn ? slot((_q, userId) => userId) : null));
  for (const [column, direction] of ORDER[sort]) page = page.orderBy(column, direction);
  return page
    .limit(slot((q) => q.limit))
    .offset(slot((q) => (q.page - 1) * q.limit))
    .compile();
}

const compileCount = (shape: number): CompiledQuery<{ total: number }> =>
  filteredCars(shape)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .compile();

// At most 2^10 filter shapes × 8 sorts × 2, so these never need evicting.
const pageTemplates = new Map<number, CompiledQuery<CarCardRow>>();
const countTemplates = new Map<number, CompiledQuery<{ total: number }>>();

/** The two statements behind one page of the car list, bound to a request: the rows and the total. */
export function carListQueries(q: CarListQuery, userId: number | null) {
  const shape = filterShape(q);
  const pageKey = ((shape * CAR_SORTS.length + SORT_INDEX[q.sort]) << 1) | (userId === null ? 0 : 1);
  let pageTemplate = pageTemplates.get(pageKey);
  if (!pageTemplate) pageTemplates.set(pageKey, (pageTemplate = compilePage(shape, q.sort, userId !== null)));
  let countTemplate = countTemplates.get(shape);
  if (!countTemplate) countTemplates.set(shape, (countTemplate = compileCount(shape)));
  const count = bind(countTemplate, q, userId);
  return {
    page: bind(pageTemplate, q, userId),
    count,
    // Unambiguous for values without NUL, and a value with one never gets an answer (PostgreSQL refuses NUL in text).
    countKey: `${shape}\u0000${count.parameters.join('\u0000')}`,
  };
}

export async function listCars(db: Db, q: CarListQuery, userId: number | null, counts: CountCache): Promise<Paged<CarCard>> {
  const { page, count, countKey } = carListQueries(q, userId);
  const [{ rows }, total] = await Promise.all([
    db.executeQuery(page),
    counts.get(countKey, async () => Number((await db.executeQuery(count)).rows[0]!.total)),
  ]);
  return toPaged(
    rows.map((row) => toCarCard(row, userId)),
    total,
    q.page,
    q.limit,
  );
}

function toCarItem(
  row: CarRow & { is_favorite: SqlBool; uploaded: UploadedPhoto[]; hold: StoredHold | null },
  viewerId: number | null,
): CarItem {
  const { photo: _cover, image: _coverImage, ...card } = toCarCard({ ...row, photo: null, cover: null }, viewerId);
  const images = row.uploaded.length
    ? row.uploaded.map((photo) => imageOfPhoto(photo.variants, photo.width, photo.height))
    : row.photos.map(imageOfDrawing);
  return {
    ...card,
    bodyStyle: row.body_style,
    exteriorColor: row.exterior_color,
    interiorColor: row.interior_color,
    vin: row.vin,
    transmission: row.transmission,
    drivetrain: row.drivetrain,
    fuelType: row.fuel_type,
    engine: row.engine,
    mpgCity: row.mpg_city,
    mpgHighway: row.mpg_highway,
    msrp: row.msrp,
    features: row.features,
    description: row.description,
    photos: images.map((image) => image.src),
    images,
  };
}

export async function findCar(db: Db, uuid: string, userId: number | null): Promise<CarItem | undefined> {
  const row = await db
    .selectFrom('cars')
    .selectAll('cars')
    .select((eb) => isFavorite(eb, userId))
    .select(
      sql<
        UploadedPhoto[]
      >`(select coalesce(jsonb_agg(${uploadedPhoto('p')} order by p.position), '[]'::jsonb) from car_photos p where p.car_uuid = cars.uuid)`.as(
        'uploaded',
      ),
    )
    .select(carHoldColumn)
    .where('uuid', '=', uuid)
    .where('status', 'is not', null)
    .executeTakeFirst();
  return row && toCarItem(row, userId);
}

const SIMILAR_CARS_LIMIT = 4;
/** docs/product/catalogue.md#car-page: similar means the same make or body style within a quarter of the price either way. */
const SIMILAR_PRICE_BAND = 0.25;

/**
 * Up to four available cars like this one, nearest in price first; undefined when the public
 * cannot see the car. A sold car's page offers these in its place.
 */
export async function findSimilarCars(db: Db, uuid: string, userId: number | null): Promise<CarCard[] | undefined> {
  const car = await db
    .selectFrom('cars')
    .select(['brand', 'body_style', 'price'])
    .where('uuid', '=', uuid)
    .where('status', 'is not', null)
    .executeTakeFirst();
  if (!car) return undefined;
  const rows = await db
    .selectFrom('cars')
    .select(carCardColumns)
    .select((eb) => isFavorite(eb, userId))
    .where('status', '=', 'available')
    .where('uuid', '<>', uuid)
    .where('price', '>=', Math.floor(car.price * (1 - SIMILAR_PRICE_BAND)))
    .where('price', '<=', Math.ceil(car.price * (1 + SIMILAR_PRICE_BAND)))
    .where((eb) =>
      car.body_style === null ? eb('brand', '=', car.brand) : eb.or([eb('brand', '=', car.brand), eb('body_style', '=', car.body_style)]),
    )
    .orderBy(sql`abs(price - ${car.price})`)
    .orderBy('uuid')
    .limit(SIMILAR_CARS_LIMIT)
    .execute();
  return rows.map((row) => toCarCard(row, userId));
}

export async function listBrands(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('cars').select('brand').distinct().where('status', 'is not', null).orderBy('brand').execute();
  return rows.map((r) => r.brand);
}

export async function listModels(db: Db, brand: string): Promise<string[]> {
  const rows = await db
    .selectFrom('cars')
    .select('model')
    .distinct()
    .where('brand', '=', brand)
    .where('status', 'is not', null)
    .orderBy('model')
    .execute();
  return rows.map((r) => r.model);
}

export async function listYears(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('cars').select('year').distinct().where('status', 'is not', null).orderBy('year', 'desc').execute();
  return rows.map((r) => r.year);
}

async function ranges(db: Db, brand?: string) {
  let query = db
    .selectFrom('cars')
    .select((eb) => [
      eb.fn.min('year').as('yearMin'),
      eb.fn.max('year').as('yearMax'),
      eb.fn.min('price').as('priceMin'),
      eb.fn.max('price').as('priceMax'),
      eb.fn.min('mileage').as('mileageMin'),
      eb.fn.max('mileage').as('mileageMax'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('status', 'is not', null);
  if (brand !== undefined) query = query.where('brand', '=', brand);
  const r = await query.executeTakeFirstOrThrow();
  const range = (min: number | null, max: number | null): Range => ({ min: min ?? 0, max: max ?? 0 });
  return {
    count: Number(r.count),
    yearRange: range(r.yearMin, r.yearMax),
    priceRange: range(r.priceMin, r.priceMax),
    mileageRange: range(r.mileageMin, r.mileageMax),
  };
}

/** The condition filter's choices some listed car has, in the filter's order. */
async function listConditions(db: Db): Promise<CarConditionFilter[]> {
  const rows = await db.selectFrom('cars').select(['condition', 'certified']).distinct().where('status', 'is not', null).execute();
  const present = new Set<CarConditionFilter>(rows.map((row) => row.condition));
  if (rows.some((row) => row.condition === 'used' && row.certified)) present.add('certified');
  return CAR_CONDITION_FILTERS.filter((condition) => present.has(condition));
}

export async function carFilterData(db: Db): Promise<CarFilterData> {
  const [brands, conditions, { yearRange, priceRange, mileageRange }] = await Promise.all([listBrands(db), listConditions(db), ranges(db)]);
  return { brands, yearRange, priceRange, mileageRange, conditions };
}

export async function brandFilterData(db: Db, brand: string): Promise<BrandFilterData | undefined> {
  const [models, { count, yearRange, priceRange, mileageRange }] = await Promise.all([listModels(db, brand), ranges(db, brand)]);
  if (count === 0) return undefined;
  return { models, yearRange, priceRange, mileageRange };
}

/**
 * One page of the cars for sale in uuid order, after `after` (keyset paging on the primary key, so
 * the sitemap reads any number of cars a page at a time, each page as quick as the first).
 */
export async function availableCarsAfter(
  db: Db,
  after: string | null,
  limit: number,
  range: { from: string; below: string | null } | null = null,
): Promise<Array<Pick<CarRow, 'uuid' | 'updated_at'>>> {
  let query = db.selectFrom('cars').select(['uuid', 'updated_at']).where('status', '=', 'available');
  if (after !== null) query = query.where('uuid', '>', after);
  if (range) query = query.where('uuid', '>=', range.from);
  if (range?.below) query = query.where('uuid', '<', range.below);
  return query.orderBy('uuid').limit(limit).execute();
}

export async function countAvailableCars(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('cars')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'available')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** What a deal quote needs of a car the public can see: undefined for a draft, archived or unknown car. */
export async function findDealCar(db: Db, uuid: string) {
  return db
    .selectFrom('cars')
    .select(['uuid', 'brand', 'stock_number', 'price', 'msrp', 'status'])
    .where('uuid', '=', uuid)
    .where('status', 'is not', null)
    .executeTakeFirst();
}

/**
 * A car a visit books, locked for the booking's transaction so two bookings of one car take turns
 * (docs/product/visits.md#booking); undefined for a draft, archived or unknown car.
 */
export async function lockVisitCar(db: Db, uuid: string) {
  return db
    .selectFrom('cars')
    .select(['uuid', 'status', 'listing_state'])
    .where('uuid', '=', uuid)
    .where('status', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
}
