import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { BrandFilterData, CarFilterData, CarItem, CarListQuery, CarSort, Paged, Range } from '../../../domain/cars.ts';
import type { Db } from '../db/database.ts';
import type { CarRow, Database } from '../db/schema.ts';
import type { CountCache } from './count-cache.ts';

type CarQuery = SelectQueryBuilder<Database, 'cars', object>;

/** Every sort ends with the unique uuid so that paging never repeats or skips a car. */
const ORDER: Record<CarSort, Array<[keyof CarRow, 'asc' | 'desc']>> = {
  default: [['brand', 'asc'], ['model', 'asc'], ['year', 'desc'], ['uuid', 'asc']],
  price_asc: [['price', 'asc'], ['uuid', 'asc']],
  price_desc: [['price', 'desc'], ['uuid', 'desc']],
  date_added: [['date_added', 'desc'], ['uuid', 'asc']],
  year_asc: [['year', 'asc'], ['uuid', 'asc']],
  year_desc: [['year', 'desc'], ['uuid', 'desc']],
  mileage_asc: [['mileage', 'asc'], ['uuid', 'asc']],
  mileage_desc: [['mileage', 'desc'], ['uuid', 'desc']],
};

function applyFilters(query: CarQuery, q: Omit<CarListQuery, 'page' | 'limit' | 'sort'>): CarQuery {
  let filtered = query;
  if (q.available) filtered = filtered.where('status', '=', 'available');
  if (q.brand !== undefined) filtered = filtered.where('brand', '=', q.brand);
  if (q.model !== undefined) filtered = filtered.where('model', '=', q.model);
  if (q.condition !== undefined) filtered = filtered.where('condition', '=', q.condition);
  if (q.yearMin !== undefined) filtered = filtered.where('year', '>=', q.yearMin);
  if (q.yearMax !== undefined) filtered = filtered.where('year', '<=', q.yearMax);
  if (q.priceMin !== undefined) filtered = filtered.where('price', '>=', q.priceMin);
  if (q.priceMax !== undefined) filtered = filtered.where('price', '<=', q.priceMax);
  if (q.mileageMin !== undefined) filtered = filtered.where('mileage', '>=', q.mileageMin);
  if (q.mileageMax !== undefined) filtered = filtered.where('mileage', '<=', q.mileageMax);
  return filtered;
}

const isFavorite = (userId: number | null) => (eb: ExpressionBuilder<Database, 'cars'>) =>
  userId === null
    ? sql<boolean>`false`.as('is_favorite')
    : eb
        .exists(eb.selectFrom('favorites').whereRef('favorites.car_uuid', '=', 'cars.uuid').where('favorites.user_id', '=', userId))
        .as('is_favorite');

export function toCarItem(row: CarRow & { is_favorite: boolean | SqlBool }): CarItem {
  return {
    uuid: row.uuid,
    is_favorite: Boolean(row.is_favorite),
    brand: row.brand,
    model: row.model,
    year: row.year,
    price: row.price,
    mileage: row.mileage,
    condition: row.condition,
    status: row.status,
    dateAdded: row.date_added.toISOString(),
    trim: row.trim,
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
    features: row.features,
    description: row.description,
    photos: row.photos,
  };
}

/** The two statements behind one page of the car list: the rows and the total. */
export function carListQueries(db: Db, q: CarListQuery, userId: number | null) {
  const filtered = applyFilters(db.selectFrom('cars'), q);
  let page = filtered.selectAll('cars').select(isFavorite(userId));
  for (const [column, direction] of ORDER[q.sort]) page = page.orderBy(column, direction);
  return {
    page: page.limit(q.limit).offset((q.page - 1) * q.limit),
    count: filtered.select((eb) => eb.fn.countAll<number>().as('total')),
  };
}

export async function listCars(db: Db, q: CarListQuery, userId: number | null, counts: CountCache): Promise<Paged<CarItem>> {
  const queries = carListQueries(db, q, userId);
  const { page: _page, limit: _limit, sort: _sort, ...filters } = q;
  const [rows, total] = await Promise.all([
    queries.page.execute(),
    counts.get(JSON.stringify(filters), async () => Number((await queries.count.executeTakeFirstOrThrow()).total)),
  ]);
  return {
    items: rows.map(toCarItem),
    total,
    page: q.page,
    limit: q.limit,
    totalPages: Math.ceil(total / q.limit),
  };
}

export async function findCar(db: Db, uuid: string, userId: number | null): Promise<CarItem | undefined> {
  const row = await db.selectFrom('cars').selectAll('cars').select(isFavorite(userId)).where('uuid', '=', uuid).executeTakeFirst();
  return row && toCarItem(row);
}

export async function listBrands(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('cars').select('brand').distinct().orderBy('brand').execute();
  return rows.map((r) => r.brand);
}

export async function listModels(db: Db, brand: string): Promise<string[]> {
  const rows = await db.selectFrom('cars').select('model').distinct().where('brand', '=', brand).orderBy('model').execute();
  return rows.map((r) => r.model);
}

export async function listYears(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('cars').select('year').distinct().orderBy('year', 'desc').execute();
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
    ]);
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

export async function carFilterData(db: Db): Promise<CarFilterData> {
  const [brands, { yearRange, priceRange, mileageRange }] = await Promise.all([listBrands(db), ranges(db)]);
  return { brands, yearRange, priceRange, mileageRange };
}

export async function brandFilterData(db: Db, brand: string): Promise<BrandFilterData | undefined> {
  const [models, { count, yearRange, priceRange, mileageRange }] = await Promise.all([listModels(db, brand), ranges(db, brand)]);
  if (count === 0) return undefined;
  return { models, yearRange, priceRange, mileageRange };
}
