import { sql } from 'kysely';
import type { CarCard } from '../../../domain/contracts/cars.ts';
import { toPaged, type Paged } from '../../../domain/contracts/paged.ts';
import { carCardColumns, toCarCard } from '../cars/cars.repository.ts';
import type { Db } from '../db/database.ts';

/**
 * A car the visitor may open or save: one the public sees (decision 016), or, so that it can be
 * taken out again, one already among `favoriteOf`'s favourites.
 */
export async function carExists(db: Db, uuid: string, favoriteOf: number | null = null): Promise<boolean> {
  const row = await db
    .selectFrom('cars')
    .select('uuid')
    .where('uuid', '=', uuid)
    .where((eb) =>
      favoriteOf === null
        ? eb('status', 'is not', null)
        : eb.or([
            eb('status', 'is not', null),
            eb.exists(
              eb.selectFrom('favorites').whereRef('favorites.car_uuid', '=', 'cars.uuid').where('favorites.user_id', '=', favoriteOf),
            ),
          ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordCarView(db: Db, userId: number, carUuid: string): Promise<void> {
  await db.insertInto('car_views').values({ user_id: userId, car_uuid: carUuid }).execute();
}

/** Flips the favourite and answers the new state; a missing row is added, an existing one removed. */
export async function toggleFavorite(db: Db, userId: number, carUuid: string): Promise<boolean> {
  const removed = await db.deleteFrom('favorites').where('user_id', '=', userId).where('car_uuid', '=', carUuid).executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) return false;
  await db
    .insertInto('favorites')
    .values({ user_id: userId, car_uuid: carUuid })
    .onConflict((oc) => oc.columns(['user_id', 'car_uuid']).doNothing())
    .execute();
  return true;
}

/** The user's favourite cars, most recently added first (car uuid breaks ties). */
/**
 * The cars a user opened lately, newest first, each once, with their favourite flag. Reads the
 * user's own views through car_views_user_idx; cars deleted or taken off the site since are simply gone.
 */
export async function listRecentlyViewedCars(db: Db, userId: number, limit: number): Promise<CarCard[]> {
  const recent = db
    .selectFrom('car_views')
    .select(['car_uuid', (eb) => eb.fn.max('viewed_at').as('last_viewed_at')])
    .where('user_id', '=', userId)
    .groupBy('car_uuid')
    .orderBy('last_viewed_at', 'desc')
    .limit(limit)
    .as('recent');
  const rows = await db
    .selectFrom(recent)
    .innerJoin('cars', 'cars.uuid', 'recent.car_uuid')
    .where('cars.status', 'is not', null)
    .select(carCardColumns)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('favorites')
            .select('favorites.car_uuid')
            .where('favorites.user_id', '=', userId)
            .whereRef('favorites.car_uuid', '=', 'cars.uuid'),
        )
        .as('is_favorite'),
    )
    .orderBy('recent.last_viewed_at', 'desc')
    .orderBy('cars.uuid')
    .execute();
  return rows.map((row) => toCarCard(row, userId));
}

export async function listFavoriteCars(db: Db, userId: number, page: number, limit: number): Promise<Paged<CarCard>> {
  // An archived car stays among the favourites with a Sold badge; a draft is staff's alone (decision 016).
  const mine = db
    .selectFrom('favorites')
    .innerJoin('cars', 'cars.uuid', 'favorites.car_uuid')
    .where('favorites.user_id', '=', userId)
    .where('cars.listing_state', '<>', 'draft');
  const [rows, counted] = await Promise.all([
    mine
      .select(carCardColumns)
      .select(sql<boolean>`true`.as('is_favorite'))
      .orderBy('favorites.created_at', 'desc')
      .orderBy('cars.uuid')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return toPaged(
    rows.map((row) => toCarCard(row, userId)),
    Number(counted.total),
    page,
    limit,
  );
}

/** The guest merge: favourites move to the user, one row per car (a car both saved stays once). */
export async function moveFavoritesToUser(db: Db, fromUserId: number, toUserId: number): Promise<void> {
  await db
    .insertInto('favorites')
    .columns(['user_id', 'car_uuid', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('favorites')
        .select([sql<number>`${toUserId}::integer`.as('user_id'), 'car_uuid', 'created_at'])
        .where('user_id', '=', fromUserId),
    )
    .onConflict((oc) => oc.columns(['user_id', 'car_uuid']).doNothing())
    .execute();
  await db.deleteFrom('favorites').where('user_id', '=', fromUserId).execute();
}

/** The guest merge: viewed cars move to the user. */
export async function moveCarViewsToUser(db: Db, fromUserId: number, toUserId: number): Promise<void> {
  await db.updateTable('car_views').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
}
