import { sql, type Selectable } from 'kysely';
import type { TradeInStatus } from '../../../domain/trade-ins/trade-in.schema.ts';
import type { Db } from '../db/database.ts';
import type { TradeInMessagesTable, TradeInOffersTable, TradeInPhotosTable, TradeInsTable } from '../db/schema.ts';

/** The staff's side of trade-ins (docs/product/trade-ins.md): the queue, the appraisal, offers, questions. */

export type TradeInRow = Selectable<TradeInsTable>;
export type TradeInOfferRow = Selectable<TradeInOffersTable>;
type TradeInMessageRow = Selectable<TradeInMessagesTable>;
type TradeInPhotoRow = Selectable<TradeInPhotosTable>;

export interface QueueQuery {
  status: TradeInStatus | undefined;
  page: number;
  limit: number;
}

interface QueueRow {
  id: number;
  status: TradeInStatus;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  mileage: number | null;
  submitted_at: Date | null;
  first_response_at: Date | null;
  open_valid_until: Date | null;
  last_author: 'staff' | 'shopper' | null;
  photo_count: number;
  cover_photo_id: string | null;
  latest_offer_cents: number | null;
}

/**
 * Every trade-in but the drafts, with the status its viewers see at `now`: offered with the open
 * offer's valid_until at or before `now` reads expired, as tradeInStatusAt (domain/trade-ins/trade-in-rules.ts)
 * says, compared with the same instant the answer's statuses are computed with. "Waiting on staff"
 * is tradeInWaitingOn's: new, and the thread's last word is not a staff question.
 */
function queue(db: Db, now: Date) {
  return db
    .selectFrom('trade_ins')
    .leftJoin('trade_in_offers as open_offer', (join) =>
      join.onRef('open_offer.trade_in_id', '=', 'trade_ins.id').on('open_offer.status', '=', 'open'),
    )
    .where('trade_ins.status', '<>', 'draft')
    .select([
      'trade_ins.id',
      'trade_ins.status',
      'trade_ins.vin',
      'trade_ins.year',
      'trade_ins.make',
      'trade_ins.model',
      'trade_ins.trim',
      'trade_ins.mileage',
      'trade_ins.submitted_at',
      'trade_ins.first_response_at',
      'open_offer.valid_until as open_valid_until',
      sql<TradeInStatus>`case when trade_ins.status = 'offered' and open_offer.valid_until <= ${now} then 'expired' else trade_ins.status end`.as(
        'shown_status',
      ),
      sql<
        'staff' | 'shopper' | null
      >`(select m.author from trade_in_messages m where m.trade_in_id = trade_ins.id order by m.id desc limit 1)`.as('last_author'),
      sql<number>`(select count(*)::integer from trade_in_photos p where p.trade_in_id = trade_ins.id)`.as('photo_count'),
      sql<string | null>`(select p.id from trade_in_photos p where p.trade_in_id = trade_ins.id order by p.position limit 1)`.as(
        'cover_photo_id',
      ),
      sql<number | null>`(select o.amount_cents from trade_in_offers o where o.trade_in_id = trade_ins.id order by o.id desc limit 1)`.as(
        'latest_offer_cents',
      ),
    ]);
}

/** The staff queue: waiting on staff first, then the longest waiting (oldest submitted). */
export async function listQueue(db: Db, q: QueueQuery, now: Date): Promise<{ rows: QueueRow[]; total: number }> {
  let filtered = db.selectFrom(queue(db, now).as('q'));
  if (q.status !== undefined) filtered = filtered.where('q.shown_status', '=', q.status);
  const [rows, counted] = await Promise.all([
    filtered
      .selectAll()
      .orderBy(sql`(q.shown_status = 'new' and coalesce(q.last_author, 'shopper') = 'shopper')`, 'desc')
      .orderBy(sql`q.submitted_at asc nulls last`)
      .orderBy('q.id')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(({ shown_status: _shown, ...row }) => row), total: Number(counted.total) };
}

export async function findTradeIn(db: Db, id: number): Promise<TradeInRow | undefined> {
  return db.selectFrom('trade_ins').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the trade-in for the rest of the transaction: staff actions and the shopper's answers take turns. */
export async function lockTradeIn(db: Db, id: number): Promise<TradeInRow | undefined> {
  return db.selectFrom('trade_ins').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The photos in their stored order (by angle, then as they came). */
export async function listTradeInPhotos(db: Db, tradeInId: number): Promise<TradeInPhotoRow[]> {
  return db.selectFrom('trade_in_photos').selectAll().where('trade_in_id', '=', tradeInId).orderBy('position').execute();
}

/** Every offer, oldest first. */
export async function listTradeInOffers(db: Db, tradeInId: number): Promise<TradeInOfferRow[]> {
  return db.selectFrom('trade_in_offers').selectAll().where('trade_in_id', '=', tradeInId).orderBy('id').execute();
}

/** The thread, oldest first. */
export async function listTradeInMessages(db: Db, tradeInId: number): Promise<TradeInMessageRow[]> {
  return db.selectFrom('trade_in_messages').selectAll().where('trade_in_id', '=', tradeInId).orderBy('id').execute();
}

export async function findTradeInOffer(db: Db, offerId: number): Promise<TradeInOfferRow | undefined> {
  return db.selectFrom('trade_in_offers').selectAll().where('id', '=', offerId).executeTakeFirst();
}

export async function findTradeInMessage(db: Db, messageId: number): Promise<TradeInMessageRow | undefined> {
  return db.selectFrom('trade_in_messages').selectAll().where('id', '=', messageId).executeTakeFirst();
}

interface NewTradeInOffer {
  tradeInId: number;
  amountCents: number;
  conditions: string | null;
  validUntil: Date;
  sentBy: number;
}

/** The open offer, lapsed or not, is superseded by the new one, which is open until validUntil. */
export async function insertTradeInOffer(db: Db, offer: NewTradeInOffer, at: Date): Promise<TradeInOfferRow> {
  await db
    .updateTable('trade_in_offers')
    .set({ status: 'superseded', responded_at: at })
    .where('trade_in_id', '=', offer.tradeInId)
    .where('status', '=', 'open')
    .execute();
  return db
    .insertInto('trade_in_offers')
    .values({
      trade_in_id: offer.tradeInId,
      amount_cents: offer.amountCents,
      conditions: offer.conditions,
      status: 'open',
      valid_until: offer.validUntil,
      sent_by: offer.sentBy,
      sent_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertStaffQuestion(
  db: Db,
  tradeInId: number,
  authorUserId: number,
  text: string,
  at: Date,
): Promise<TradeInMessageRow> {
  return db
    .insertInto('trade_in_messages')
    .values({ trade_in_id: tradeInId, author: 'staff', author_user_id: authorUserId, text, created_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Staff answered the trade-in (an offer or a question): the first time is its first response; `status` moves it where given. */
export async function recordStaffAnswer(db: Db, tradeInId: number, at: Date, status?: TradeInStatus): Promise<void> {
  await db
    .updateTable('trade_ins')
    .set((eb) => ({
      first_response_at: eb.fn.coalesce('first_response_at', sql<Date>`${at}::timestamptz`),
      updated_at: at,
      ...(status === undefined ? {} : { status }),
    }))
    .where('id', '=', tradeInId)
    .execute();
}

export async function setTradeInCar(db: Db, tradeInId: number, carUuid: string, at: Date): Promise<void> {
  await db.updateTable('trade_ins').set({ car_uuid: carUuid, updated_at: at }).where('id', '=', tradeInId).execute();
}

/**
 * Offered trade-ins whose open offer's valid_until has passed are written expired, as tradeInStatusAt
 * already shows them (the same comparison, at the database's now()); at most `limit`, answering
 * their ids.
 */
export async function expireLapsedTradeIns(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .updateTable('trade_ins')
    .set({ status: 'expired', updated_at: sql<Date>`now()` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('trade_ins as t')
        .innerJoin('trade_in_offers as o', (join) => join.onRef('o.trade_in_id', '=', 't.id').on('o.status', '=', 'open'))
        .select('t.id')
        .where('t.status', '=', 'offered')
        .where('o.valid_until', '<=', sql<Date>`now()`)
        .orderBy('t.id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
