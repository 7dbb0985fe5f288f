import type { OutboxConsumer } from '../../../domain/contracts/outbox.ts';
import { formatMoment } from '../../../domain/date-time.ts';
import { zonedIsoDateTime } from '../../../domain/dates.ts';
import { dealHandoff, type DealHandoff } from '../../../domain/deals/deal-handoff.ts';
import type { Db } from '../db/database.ts';
import { findDealSettings } from '../deals/deals.repository.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { findVisit, type VisitRow } from '../visits/visits.repository.ts';
import { adfDocument, element, optional } from './adf.ts';
import { dealComments, dealFinance, leadMailConsumer, leadProvider, leadVendor, stockVehicle, type LeadConfig } from './adf-parts.ts';
import { findLeadVehicle, type LeadVehicle } from './crm.repository.ts';

const CRM_ADF_VISIT_CONSUMER = 'crm-adf-visit';

export interface AdfVisitLead {
  visit: Pick<VisitRow, 'id' | 'type' | 'starts_at' | 'ends_at' | 'name' | 'phone' | 'email' | 'note' | 'booked_by' | 'created_at'>;
  vehicle: LeadVehicle;
  /** The deal the shopper brought to the visit, in the CRM's terms; null without one. */
  deal: DealHandoff | null;
}

/** When the customer comes, who booked it, and what they wrote: what ADF has no element for, in English. */
function visitComments({ visit, deal }: AdfVisitLead, timeZone: string): string {
  const at = `${formatMoment(visit.starts_at, 'en', timeZone)} (${zonedIsoDateTime(visit.starts_at, timeZone)})`;
  const booked = visit.booked_by === 'staff' ? 'booked by staff for a caller' : 'booked online';
  const what =
    visit.type === 'test_drive'
      ? `Test drive requested for ${at}, ${booked} (visit #${visit.id}).`
      : `Hold requested: the car is kept for the customer until their visit on ${at} ends, ${booked} (visit #${visit.id}).`;
  return [what, ...(visit.note === null ? [] : [`Customer's note: ${visit.note}`]), ...(deal ? [dealComments(deal)] : [])].join(' ');
}

/**
 * A booked visit as an ADF/XML 1.0 lead (docs/operations/mail.md#visits-in-an-adf-lead): the car as
 * `<vehicle interest="test-drive">` for a test drive and `interest="buy"` for a hold, with the deal
 * the shopper brought as `<finance>`; the customer's name, phone and email; the requested date and
 * time in the customer's `<comments>`. Its id is the visit's, under a source of its own, so a CRM
 * never takes it for the credit application of the same number.
 */
export function adfVisitLead(lead: AdfVisitLead, config: LeadConfig): string {
  const { visit, vehicle, deal } = lead;
  return adfDocument(
    element('adf', {}, [
      element('prospect', { status: 'new' }, [
        element('id', { sequence: 1, source: `${config.company.name} visits` }, visit.id),
        element('requestdate', {}, zonedIsoDateTime(visit.created_at, config.server.timeZone)),
        stockVehicle(vehicle, visit.type === 'test_drive' ? 'test-drive' : 'buy', [deal ? dealFinance(deal) : undefined]),
        element('customer', {}, [
          element('contact', {}, [
            element('name', { part: 'full' }, visit.name),
            optional('email', visit.email),
            element('phone', { type: 'voice' }, visit.phone),
          ]),
          element('comments', {}, visitComments(lead, config.server.timeZone)),
        ]),
        leadVendor(config),
        leadProvider(config, visit.type === 'test_drive' ? 'Online test drive booking' : 'Online car hold'),
      ]),
    ]),
  );
}

export interface CrmVisitLeadDeps {
  db: Db;
  mailer: Mailer;
  /** CRM_ADF_EMAIL: the CRM's lead mailbox. */
  to: string;
  config: LeadConfig;
}

/**
 * The outbox's `crm-adf-visit` consumer: each booked visit reaches the CRM as an ADF lead in the
 * email's body, as the credit applications do (adf-lead.consumer.ts), with the visit as it stands
 * when delivered.
 */
export function crmVisitLeadConsumer(deps: CrmVisitLeadDeps): OutboxConsumer {
  return leadMailConsumer(CRM_ADF_VISIT_CONSUMER, 'visit.booked', deps, async (event) => {
    const visit = await findVisit(deps.db, event.payload.visitId);
    // Deleted since, with its car or its shopper's account: there is no lead left to send.
    const vehicle = visit && (await findLeadVehicle(deps.db, visit.car_uuid));
    if (!visit || !vehicle) return undefined;
    const settings = visit.deal && (await findDealSettings(deps.db, visit.deal.settingsVersion));
    const deal = visit.deal && dealHandoff(visit.deal, settings?.settings, null);
    return {
      subject: `ADF lead: ${visit.type === 'test_drive' ? 'test drive' : 'hold'} #${visit.id}`,
      text: adfVisitLead({ visit, vehicle, deal }, deps.config),
    };
  });
}
