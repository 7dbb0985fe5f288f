import type { DealOffer } from '../../../domain/contracts/applications.ts';
import type { DealInput } from '../../../domain/deals/deal-input.schema.ts';
import type { DealOfferStatus, OfferTerms } from '../../../domain/deals/deal-offer.ts';
import type { DealQuote } from '../../../domain/deals/deal-quote.schema.ts';
import type { Db } from '../db/database.ts';
import type { DealOffersTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';

export interface NewDealOffer {
  applicationId: number;
  settingsVersion: number;
  input: DealInput;
  terms: OfferTerms;
  quote: DealQuote;
  sentBy: number;
}

const toOffer = (row: Selectable<DealOffersTable>): DealOffer => ({
  id: row.id,
  status: row.status,
  sentAt: row.sent_at.toISOString(),
  respondedAt: row.responded_at?.toISOString() ?? null,
  settingsVersion: row.settings_version,
  input: row.input,
  terms: row.terms,
  quote: row.quote,
});

/** An application's offers, oldest first. */
export async function listDealOffers(db: Db, applicationId: number): Promise<DealOffer[]> {
  const rows = await db.selectFrom('deal_offers').selectAll().where('application_id', '=', applicationId).orderBy('id').execute();
  return rows.map(toOffer);
}

export type ApplicationDealOffer = DealOffer & { applicationId: number };

const selectOffer = (db: Db, offerId: number) => db.selectFrom('deal_offers').selectAll().where('id', '=', offerId);
const withApplication = (row: Selectable<DealOffersTable> | undefined): ApplicationDealOffer | undefined =>
  row && { ...toOffer(row), applicationId: row.application_id };

/** The offer with its application id; undefined when there is none. */
export async function findDealOffer(db: Db, offerId: number): Promise<ApplicationDealOffer | undefined> {
  return withApplication(await selectOffer(db, offerId).executeTakeFirst());
}

/** As findDealOffer, locked for an answer. */
export async function lockDealOffer(db: Db, offerId: number): Promise<ApplicationDealOffer | undefined> {
  return withApplication(await selectOffer(db, offerId).forUpdate().executeTakeFirst());
}

/** The application's open offer, if any, is closed unanswered: a newer offer or another car replaced it. */
export async function supersedeOpenDealOffer(db: Db, applicationId: number, at: Date): Promise<void> {
  await db
    .updateTable('deal_offers')
    .set({ status: 'superseded', responded_at: at })
    .where('application_id', '=', applicationId)
    .where('status', '=', 'sent')
    .execute();
}

/** The open offer is superseded by the new one, which is sent. */
export async function insertDealOffer(db: Db, offer: NewDealOffer, at: Date): Promise<DealOffer> {
  await supersedeOpenDealOffer(db, offer.applicationId, at);
  const row = await db
    .insertInto('deal_offers')
    .values({
      application_id: offer.applicationId,
      settings_version: offer.settingsVersion,
      input: JSON.stringify(offer.input),
      terms: JSON.stringify(offer.terms),
      quote: JSON.stringify(offer.quote),
      status: 'sent',
      sent_by: offer.sentBy,
      sent_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOffer(row);
}

export async function answerDealOffer(
  db: Db,
  offerId: number,
  status: Extract<DealOfferStatus, 'accepted' | 'declined'>,
  at: Date,
): Promise<DealOffer> {
  const row = await db
    .updateTable('deal_offers')
    .set({ status, responded_at: at })
    .where('id', '=', offerId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOffer(row);
}
