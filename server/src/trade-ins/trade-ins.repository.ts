import { sql, type Selectable, type Updateable } from 'kysely';
import type { CarPhotoVariant } from '../../../domain/car-images.ts';
import { TRADE_IN_ANGLES, type TradeInAngle } from '../../../domain/trade-ins/trade-in.schema.ts';
import type { Db } from '../db/database.ts';
import type { TradeInMessagesTable, TradeInOffersTable, TradeInPhotosTable, TradeInsTable } from '../db/schema.ts';

/** The shopper's side of the trade-in tables (migration 0031). */

export type TradeInRow = Selectable<TradeInsTable>;
export type TradeInOfferRow = Selectable<TradeInOffersTable>;
export type TradeInMessageRow = Selectable<TradeInMessagesTable>;
export type TradeInPhotoRow = Pick<Selectable<TradeInPhotosTable>, 'id' | 'angle' | 'position' | 'width' | 'height'>;

/** Statuses that end a trade-in for the one-current rule (the partial unique index of migration 0031). */
const FINISHED = ['withdrawn', 'declined'] as const;

/** Current first (the partial unique index's one), else the newest: a withdrawn or declined one stays in view. */
function myTradeInQuery(db: Db, userId: number) {
  return db
    .selectFrom('trade_ins')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(sql`case when status not in ('withdrawn', 'declined') and car_uuid is null then 0 else 1 end`)
    .orderBy('id', 'desc')
    .limit(1);
}

export async function findMyTradeIn(db: Db, userId: number): Promise<TradeInRow | undefined> {
  return myTradeInQuery(db, userId).executeTakeFirst();
}

/** findMyTradeIn with its row locked for the rest of the transaction, so two changes never interleave. */
export async function lockMyTradeIn(db: Db, userId: number): Promise<TradeInRow | undefined> {
  return myTradeInQuery(db, userId).forUpdate().executeTakeFirst();
}

/** The trade-in the one-current rule counts: neither withdrawn nor declined, nor put into stock. */
export async function lockCurrentTradeIn(db: Db, userId: number): Promise<TradeInRow | undefined> {
  return db
    .selectFrom('trade_ins')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'not in', FINISHED)
    .where('car_uuid', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export type TradeInColumns = Omit<Updateable<TradeInsTable>, 'id' | 'user_id' | 'created_at' | 'updated_at'>;

/** A new draft; undefined when the shopper has a current trade-in already (the partial unique index refuses a second). */
export async function insertTradeIn(db: Db, userId: number, columns: TradeInColumns): Promise<TradeInRow | undefined> {
  return db
    .insertInto('trade_ins')
    .values({ ...columns, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Changes the trade-in; every change moves updated_at, which retention counts from. */
export async function updateTradeIn(db: Db, id: number, columns: TradeInColumns): Promise<TradeInRow> {
  return db
    .updateTable('trade_ins')
    .set({ ...columns, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listTradeInPhotos(db: Db, tradeInId: number): Promise<TradeInPhotoRow[]> {
  return db
    .selectFrom('trade_in_photos')
    .select(['id', 'angle', 'position', 'width', 'height'])
    .where('trade_in_id', '=', tradeInId)
    .orderBy('position')
    .execute();
}

export interface NewTradeInPhoto {
  angle: TradeInAngle;
  width: number;
  height: number;
  variants: Record<string, CarPhotoVariant>;
}

/**
 * Numbers the trade-in's photos 0, 1, … by angle (the describe screen's order), then as they came.
 * In two statements, since the positions' uniqueness is checked row by row: all move out of the way
 * first, then into place.
 */
async function renumberPhotos(db: Db, tradeInId: number): Promise<void> {
  const OUT_OF_THE_WAY = 1_000_000;
  await db
    .updateTable('trade_in_photos')
    .set((eb) => ({ position: eb('position', '+', OUT_OF_THE_WAY) }))
    .where('trade_in_id', '=', tradeInId)
    .execute();
  await sql`
    update trade_in_photos set position = ordered.n - 1
    from (
      select id, row_number() over (
        order by array_position(${sql.val([...TRADE_IN_ANGLES])}::text[], angle), position) as n
      from trade_in_photos where trade_in_id = ${tradeInId}
    ) as ordered
    where trade_in_photos.id = ordered.id`.execute(db);
}

/** Adds the photos after the others of their angle, in the order given; answers their ids. */
export async function addTradeInPhotos(db: Db, tradeInId: number, photos: readonly NewTradeInPhoto[]): Promise<string[]> {
  if (photos.length === 0) return [];
  const last = await db
    .selectFrom('trade_in_photos')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('trade_in_id', '=', tradeInId)
    .executeTakeFirst();
  const first = (last?.position ?? -1) + 1;
  const rows = await db
    .insertInto('trade_in_photos')
    .values(
      photos.map((photo, i) => ({
        trade_in_id: tradeInId,
        angle: photo.angle,
        position: first + i,
        width: photo.width,
        height: photo.height,
        variants: JSON.stringify(photo.variants),
        hashes: Object.values(photo.variants).flatMap((variant) => [variant.webp, variant.jpeg]),
      })),
    )
    .returning('id')
    .execute();
  await renumberPhotos(db, tradeInId);
  return rows.map((row) => row.id);
}

/** The blobs some removed photos named, and when the last of them was added (media.repository.ts's deleteBlobsNoPhotoNames). */
export interface RemovedTradeInBlobs {
  hashes: string[];
  addedUntil: Date;
}

const blobsOf = (rows: ReadonlyArray<{ hashes: string[]; created_at: Date }>): RemovedTradeInBlobs => ({
  hashes: rows.flatMap((row) => row.hashes),
  addedUntil: new Date(Math.max(0, ...rows.map((row) => row.created_at.getTime()))),
});

/** Deletes the photo and closes the gap; undefined when the trade-in has no such photo. */
export async function deleteTradeInPhoto(db: Db, tradeInId: number, photoId: string): Promise<RemovedTradeInBlobs | undefined> {
  const deleted = await db
    .deleteFrom('trade_in_photos')
    .where('trade_in_id', '=', tradeInId)
    .where('id', '=', photoId)
    .returning(['hashes', 'created_at'])
    .executeTakeFirst();
  if (!deleted) return undefined;
  await renumberPhotos(db, tradeInId);
  return blobsOf([deleted]);
}

/** The stored sizes of a photo of one of the user's trade-ins; undefined for anyone else's. */
export async function findUsersTradeInPhoto(db: Db, userId: number, photoId: string): Promise<Record<string, CarPhotoVariant> | undefined> {
  const row = await db
    .selectFrom('trade_in_photos')
    .innerJoin('trade_ins', 'trade_ins.id', 'trade_in_photos.trade_in_id')
    .select('trade_in_photos.variants')
    .where('trade_ins.user_id', '=', userId)
    .where('trade_in_photos.id', '=', photoId)
    .executeTakeFirst();
  return row?.variants;
}

/** The stored sizes of a photo of this trade-in. */
export async function findTradeInPhoto(db: Db, tradeInId: number, photoId: string): Promise<Record<string, CarPhotoVariant> | undefined> {
  const row = await db
    .selectFrom('trade_in_photos')
    .select('variants')
    .where('trade_in_id', '=', tradeInId)
    .where('id', '=', photoId)
    .executeTakeFirst();
  return row?.variants;
}

/** Oldest first: the order the shopper's screen lists them in. */
export async function listTradeInOffers(db: Db, tradeInId: number): Promise<TradeInOfferRow[]> {
  return db.selectFrom('trade_in_offers').selectAll().where('trade_in_id', '=', tradeInId).orderBy('id').execute();
}

export async function listTradeInMessages(db: Db, tradeInId: number): Promise<TradeInMessageRow[]> {
  return db.selectFrom('trade_in_messages').selectAll().where('trade_in_id', '=', tradeInId).orderBy('id').execute();
}

export async function insertShopperMessage(db: Db, tradeInId: number, userId: number, text: string): Promise<void> {
  await db.insertInto('trade_in_messages').values({ trade_in_id: tradeInId, author: 'shopper', author_user_id: userId, text }).execute();
}

export async function lockTradeInOffer(db: Db, tradeInId: number, offerId: number): Promise<TradeInOfferRow | undefined> {
  return db
    .selectFrom('trade_in_offers')
    .selectAll()
    .where('trade_in_id', '=', tradeInId)
    .where('id', '=', offerId)
    .forUpdate()
    .executeTakeFirst();
}

export async function answerTradeInOffer(db: Db, offerId: number, status: 'accepted' | 'declined'): Promise<void> {
  await db
    .updateTable('trade_in_offers')
    .set({ status, responded_at: sql<Date>`now()` })
    .where('id', '=', offerId)
    .execute();
}

/** Withdraws the trade-in; an offer still open is declined with it, so none stays open on a withdrawn trade. */
export async function withdrawTradeIn(db: Db, tradeInId: number): Promise<TradeInRow> {
  await db
    .updateTable('trade_in_offers')
    .set({ status: 'declined', responded_at: sql<Date>`now()` })
    .where('trade_in_id', '=', tradeInId)
    .where('status', '=', 'open')
    .execute();
  return updateTradeIn(db, tradeInId, { status: 'withdrawn', chat_photos_until: null });
}

/** The user's newest trade-in whose offer they accepted, with that offer. */
export async function findAcceptedTradeInRow(db: Db, userId: number): Promise<{ tradeIn: TradeInRow; offer: TradeInOfferRow } | undefined> {
  const tradeIn = await db
    .selectFrom('trade_ins')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'accepted')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!tradeIn) return undefined;
  const offer = await db
    .selectFrom('trade_in_offers')
    .selectAll()
    .where('trade_in_id', '=', tradeIn.id)
    .where('status', '=', 'accepted')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return offer && { tradeIn, offer };
}

/**
 * The guest merge's part (applications/guest-merge.service.ts): the guest's trade-ins become the
 * user's; when both have a current one, the guest's is withdrawn first, as one shopper keeps one.
 */
export async function moveTradeInsToUser(db: Db, guestId: number, userId: number): Promise<void> {
  const guests = await lockCurrentTradeIn(db, guestId);
  if (guests && (await lockCurrentTradeIn(db, userId))) await withdrawTradeIn(db, guests.id);
  await db.updateTable('trade_ins').set({ user_id: userId }).where('user_id', '=', guestId).execute();
}

/**
 * Deletes trade-ins that were not completed (every status but accepted) and unchanged for `days`,
 * their photos, offers and messages going with them; answers how many and the blobs their photos named.
 */
export async function deleteStaleTradeIns(db: Db, days: number, limit: number): Promise<{ deleted: number; blobs: RemovedTradeInBlobs }> {
  const cutoff = sql<Date>`now() - make_interval(days => ${days}::integer)`;
  const due = await db
    .selectFrom('trade_ins')
    .select('id')
    .where('status', '!=', 'accepted')
    .where('updated_at', '<', cutoff)
    .orderBy('updated_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (due.length === 0) return { deleted: 0, blobs: blobsOf([]) };
  const ids = due.map((row) => row.id);
  const photos = await db.selectFrom('trade_in_photos').select(['hashes', 'created_at']).where('trade_in_id', 'in', ids).execute();
  await db.deleteFrom('trade_ins').where('id', 'in', ids).execute();
  return { deleted: ids.length, blobs: blobsOf(photos) };
}

/** What an accepted trade-in keeps of its owner's finances and words, erased with the owner's application. */
export async function eraseAcceptedTradeInDetails(db: Db, userIds: readonly number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await db
    .updateTable('trade_ins')
    .set({ payoff_encrypted: null, notes: null, updated_at: sql<Date>`now()` })
    .where('user_id', 'in', userIds)
    .where('status', '=', 'accepted')
    .where((eb) => eb.or([eb('payoff_encrypted', 'is not', null), eb('notes', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
