import type { Selectable } from 'kysely';
import * as v from 'valibot';
import type { TradeInMessage, TradeInOffer, TradeInPhoto } from '../../../domain/contracts/trade-ins.ts';
import { tradeInConditionSchema, type TradeInDraft } from '../../../domain/trade-ins/trade-in.schema.ts';
import { tradeInOfferStatus, tradeInPhotoUrl } from '../../../domain/trade-ins/trade-in-rules.ts';
import type { TradeInMessagesTable, TradeInOffersTable, TradeInPhotosTable, TradeInsTable } from '../db/schema.ts';

/** Rows of the trade-in tables as the API answers them, the same for the shopper's view and the staff's. */

export const toTradeInOffer = (row: Selectable<TradeInOffersTable>, now: Date): TradeInOffer => ({
  id: row.id,
  amountCents: row.amount_cents,
  conditions: row.conditions,
  status: tradeInOfferStatus(row.status, row.valid_until, now),
  sentAt: row.sent_at.toISOString(),
  validUntil: row.valid_until.toISOString(),
  respondedAt: row.responded_at?.toISOString() ?? null,
});

export const toTradeInMessage = (row: Selectable<TradeInMessagesTable>): TradeInMessage => ({
  id: row.id,
  from: row.author,
  text: row.text,
  at: row.created_at.toISOString(),
});

export const toTradeInPhoto = (
  row: Pick<Selectable<TradeInPhotosTable>, 'id' | 'angle' | 'position' | 'width' | 'height'>,
  viewer: 'mine' | { tradeInId: number },
): TradeInPhoto => ({
  id: row.id,
  angle: row.angle,
  position: row.position,
  width: row.width,
  height: row.height,
  url: tradeInPhotoUrl(viewer, row.id),
});

/** The answers kept as columns, with the payoff opened by the caller (it is sealed at rest). */
export const toTradeInDraft = (
  row: Selectable<TradeInsTable>,
  payoff: { lender: string | null; cents: number | null } | null,
): TradeInDraft => ({
  vin: row.vin,
  year: row.year,
  make: row.make,
  model: row.model,
  trim: row.trim,
  mileage: row.mileage,
  // Stored as answered so far: the questions not answered yet read as null.
  condition: v.parse(tradeInConditionSchema, row.condition),
  ownership: row.ownership,
  payoffLender: payoff?.lender ?? null,
  payoffCents: payoff?.cents ?? null,
  notes: row.notes,
});
