import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { photoUrl } from '../../../domain/car-images.ts';
import { LISTED_STATES } from '../../../domain/listing-states.ts';
import type { FeedCar } from '../../../domain/vehicle-feeds.ts';

/** Cars a feed is written from at a time: one query for the cars and one for their photos per page. */
const PAGE_SIZE = 500;

/**
 * Every car some feed may list (LISTED_STATES), a page at a time by uuid (the primary key, so each
 * page is one index range), with its photos cover first. A car written while the feed is read is
 * seen or not by where its uuid falls; a feed is read again in 15 minutes anyway.
 */
export async function* listedCarPages(db: Db, pageSize = PAGE_SIZE): AsyncGenerator<FeedCar[]> {
  let after: string | null = null;
  for (;;) {
    let query = db
      .selectFrom('cars')
      .select([
        'uuid',
        'stock_number',
        'vin',
        'year',
        'brand',
        'model',
        'trim',
        'body_style',
        'condition',
        'certified',
        'price',
        'msrp',
        'mileage',
        'exterior_color',
        'interior_color',
        'transmission',
        'drivetrain',
        'fuel_type',
        'description',
        'listing_state',
        'date_added',
      ])
      .where('listing_state', 'in', LISTED_STATES)
      .orderBy('uuid')
      .limit(pageSize);
    if (after !== null) query = query.where('uuid', '>', after);
    const rows = await query.execute();
    if (rows.length === 0) return;
    // The largest stored width's JPEG, picked in the database: an ad shows it full screen, and the
    // other seven variants' names would be read and parsed for nothing.
    const photos = await db
      .selectFrom('car_photos')
      .select([
        'car_uuid',
        sql<string>`(select variant->>'jpeg' from jsonb_each(variants) as stored(width, variant) order by (variant->>'width')::int desc limit 1)`.as(
          'jpeg',
        ),
      ])
      .where(
        'car_uuid',
        'in',
        rows.map((row) => row.uuid),
      )
      .orderBy('car_uuid')
      .orderBy('position')
      .execute();
    const photosOf = new Map<string, string[]>();
    for (const photo of photos) photosOf.set(photo.car_uuid, [...(photosOf.get(photo.car_uuid) ?? []), photoUrl(photo.jpeg, 'jpeg')]);
    yield rows.map((row): FeedCar => ({
      uuid: row.uuid,
      stockNumber: row.stock_number,
      vin: row.vin,
      year: row.year,
      brand: row.brand,
      model: row.model,
      trim: row.trim,
      bodyStyle: row.body_style,
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
      description: row.description,
      listingState: row.listing_state,
      dateAdded: row.date_added.toISOString(),
      photos: photosOf.get(row.uuid) ?? [],
    }));
    if (rows.length < pageSize) return;
    after = rows.at(-1)!.uuid;
  }
}
