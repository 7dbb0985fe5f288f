import type { ApplicationDeal } from '../../../domain/deals/application-deal.schema.ts';
import type { Db } from '../db/database.ts';

/**
 * The deal an application was submitted with (docs/product/deals.md#the-deal-in-the-application).
 * The documents are written only from a quote the server priced itself, so they are read back as
 * the types the table declares.
 */

export async function insertApplicationDeal(db: Db, applicationId: number, deal: ApplicationDeal): Promise<void> {
  await db
    .insertInto('application_deals')
    .values({
      application_id: applicationId,
      settings_version: deal.settingsVersion,
      input: JSON.stringify(deal.input),
      quote: JSON.stringify(deal.quote),
      deal_type: deal.quote.type,
    })
    .execute();
}

export async function findApplicationDeal(db: Db, applicationId: number): Promise<ApplicationDeal | null> {
  const row = await db
    .selectFrom('application_deals')
    .select(['input', 'settings_version', 'quote'])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  return row ? { input: row.input, settingsVersion: row.settings_version, quote: row.quote } : null;
}

/** Removes the deals of these applications: a deal priced for a car they no longer name, or one erased with its personal data. */
export async function deleteApplicationDeals(db: Db, applicationIds: readonly number[]): Promise<void> {
  if (applicationIds.length === 0) return;
  await db.deleteFrom('application_deals').where('application_id', 'in', applicationIds).execute();
}
