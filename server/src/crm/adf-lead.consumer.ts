import type { FastifyBaseLogger } from 'fastify';
import type { OutboxConsumer } from '../../../domain/contracts/outbox.ts';
import type { TradeInHandoff } from '../../../domain/contracts/trade-ins.ts';
import { zonedIsoDateTime } from '../../../domain/dates.ts';
import { dealHandoff, type DealHandoff } from '../../../domain/deals/deal-handoff.ts';
import { centsToDecimal } from '../../../domain/deals/money.ts';
import { toStaffApplication } from '../applications/application-records.service.ts';
import { findApplicationById, type ApplicationRow } from '../applications/applications.repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { findDealSettings } from '../deals/deals.repository.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { PiiCipher } from '../security/pii-crypto.ts';
import { adfDocument, element, optional, type XmlElement } from './adf.ts';
import { dealComments, dealFinance, leadMailConsumer, leadProvider, leadVendor, stockVehicle, type LeadConfig } from './adf-parts.ts';
import { findLeadVehicle, type LeadVehicle } from './crm.repository.ts';
import { crmVisitLeadConsumer } from './visit-lead.consumer.ts';

export const CRM_ADF_CONSUMER = 'crm-adf';

export interface AdfLead {
  application: Pick<ApplicationRow, 'id' | 'first_name' | 'last_name' | 'email' | 'phone' | 'submitted_at'>;
  vehicle: LeadVehicle | undefined;
  /** The deal the application is made with, as the lender receives it; null without one. */
  deal: DealHandoff | null;
  /** The applicant's accepted trade-in, a second vehicle of the lead; null without one. */
  tradeIn: TradeInHandoff | null;
}

/**
 * The car traded in as ADF's own kind of vehicle (docs/operations/mail.md#the-trade-in-in-an-adf-lead):
 * used, its accepted offer as the appraisal. ADF requires a year, make and model: one the shopper
 * gave only by VIN is sent with those the VIN tells, or empty.
 */
const tradeInVehicle = (trade: TradeInHandoff): XmlElement =>
  element('vehicle', { interest: 'trade-in', status: 'used' }, [
    element('year', {}, trade.year ?? ''),
    element('make', {}, trade.make ?? ''),
    element('model', {}, trade.model ?? ''),
    optional('vin', trade.vin),
    optional('trim', trade.trim),
    optional('odometer', trade.mileage, { status: 'unknown', units: 'mi' }),
    element('price', { type: 'appraisal', currency: 'USD' }, centsToDecimal(trade.offerCents)),
    element('comments', {}, `Trade-in #${trade.tradeInId}, appraised online; its photos and answers are in the dealer's dashboard.`),
  ]);

/**
 * The submission as an ADF/XML 1.0 lead, the format dealer CRMs ingest: who applied and how to
 * reach them, the car by VIN and stock number, the deal they applied with (or that they want to
 * finance the car), the car they trade in (their accepted trade-in), and who sent the lead. It takes only the contact fields of the application, so
 * the SSN, birth date, income, addresses and employer can never reach the CRM's mailbox or its
 * copies of the email.
 */
export function adfLead({ application, vehicle, deal, tradeIn }: AdfLead, config: LeadConfig): string {
  const { company } = config;
  const interest = deal?.type === 'lease' ? 'lease' : 'buy';
  const car = vehicle
    ? stockVehicle(vehicle, interest, [
        deal
          ? dealFinance(deal)
          : // Without a deal, a credit application asks to finance the car at most at its asking price; the down payment is the lender's talk.
            element('finance', {}, [
              element('method', {}, 'finance'),
              element('amount', { type: 'total', limit: 'maximum', currency: 'USD' }, vehicle.price),
            ]),
        optional('comments', deal && dealComments(deal)),
      ])
    : // A car deleted from the stock since: ADF requires a vehicle with a year, make and model, so they are
      // sent empty, with a word on why; the CRM still gets the customer, and the deal.
      element('vehicle', { interest }, [
        element('year', {}, ''),
        element('make', {}, ''),
        element('model', {}, ''),
        deal ? dealFinance(deal) : undefined,
        element('comments', {}, ['The car applied for has left the stock since.', ...(deal ? [dealComments(deal)] : [])].join(' ')),
      ]);
  return adfDocument(
    element('adf', {}, [
      element('prospect', { status: 'new' }, [
        element('id', { sequence: 1, source: company.name }, application.id),
        element('requestdate', {}, zonedIsoDateTime(application.submitted_at, config.server.timeZone)),
        car,
        tradeIn ? tradeInVehicle(tradeIn) : undefined,
        element('customer', {}, [
          element('contact', {}, [
            element('name', { part: 'first' }, application.first_name),
            element('name', { part: 'last' }, application.last_name),
            element('email', {}, application.email),
            element('phone', { type: 'voice' }, application.phone),
          ]),
          element('comments', {}, `Credit application #${application.id} submitted online; its details are in the dealer's dashboard.`),
        ]),
        leadVendor(config),
        leadProvider(config, 'Online credit application'),
      ]),
    ]),
  );
}

export interface CrmAdfDeps {
  db: Db;
  /** Opens the stored application far enough to read its deal (toStaffApplication); nothing personal goes into a lead. */
  pii: PiiCipher;
  mailer: Mailer;
  /** CRM_ADF_EMAIL: the CRM's lead mailbox. */
  to: string;
  config: LeadConfig;
  /** The applicant's accepted trade-in (the trade-ins feature's, handed in by the composition root), or null. */
  acceptedTradeIn: (userId: number) => Promise<TradeInHandoff | null>;
}

/** The outbox's `crm-adf` consumer: emails each submission to the CRM as an ADF lead. */
export function crmAdfConsumer(deps: CrmAdfDeps): OutboxConsumer {
  return leadMailConsumer(CRM_ADF_CONSUMER, 'application.submitted', deps, async (event) => {
    const application = await findApplicationById(deps.db, event.payload.applicationId);
    // Deleted since (the applicant's data was erased): there is no lead left to send.
    if (!application) return undefined;
    const [vehicle, { deal }, tradeIn] = await Promise.all([
      findLeadVehicle(deps.db, application.car_uuid),
      toStaffApplication(deps, application, new Date()),
      deps.acceptedTradeIn(application.user_id),
    ]);
    const dealSettings = deal && (await findDealSettings(deps.db, deal.settingsVersion));
    return {
      subject: `ADF lead: credit application #${application.id}`,
      text: adfLead({ application, vehicle, deal: deal && dealHandoff(deal, dealSettings?.settings, tradeIn), tradeIn }, deps.config),
    };
  });
}

/**
 * The CRM feature's outbox consumers: the ADF leads of submissions and of booked visits when CRM_ADF_EMAIL is set and email is on;
 * a lead mailbox with email off is said once, at start.
 */
export function crmConsumers(
  deps: Omit<CrmAdfDeps, 'mailer' | 'to'> & { mailer: Mailer | undefined; mail: Config['mail']; log: FastifyBaseLogger },
): OutboxConsumer[] {
  const { mailer, mail, log, ...rest } = deps;
  if (!mail.crmAdfEmail) return [];
  if (!mailer) {
    log.warn('CRM_ADF_EMAIL is set but email is off: set SMTP_URL and MAIL_FROM to send leads to the CRM');
    return [];
  }
  return [
    crmAdfConsumer({ ...rest, mailer, to: mail.crmAdfEmail }),
    crmVisitLeadConsumer({ db: rest.db, mailer, to: mail.crmAdfEmail, config: rest.config }),
  ];
}
