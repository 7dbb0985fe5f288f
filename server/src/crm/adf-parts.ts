import type { OutboxConsumer, OutboxEvent, OutboxKind } from '../../../domain/contracts/outbox.ts';
import type { DealHandoff } from '../../../domain/deals/deal-handoff.ts';
import { centsToDecimal } from '../../../domain/deals/money.ts';
import { formatCents, formatMileage, formatPercent } from '../../../domain/format.ts';
import { usStateName } from '../../../domain/us-states.ts';
import type { Config } from '../config.ts';
import { describeMailError, isPermanentMailError, type Mailer } from '../mail/mail.service.ts';
import { element, optional, type XmlElement } from './adf.ts';
import type { LeadVehicle } from './crm.repository.ts';

/*
 * The parts every ADF lead shares, whatever it is about (a credit application, a visit): the car,
 * the deal, the dealer, the sender; and the consumer that mails a lead to the CRM.
 */

export type LeadConfig = Pick<Config, 'company' | 'dealer'> & { server: Pick<Config['server'], 'publicUrl' | 'timeZone'> };

/**
 * A car of the stock as ADF's vehicle, with what the CRM matches to its own stock (VIN and stock
 * number), its miles and its asking price, then `more` (the finance, comments).
 */
export function stockVehicle(vehicle: LeadVehicle, interest: string, more: ReadonlyArray<XmlElement | undefined>): XmlElement {
  return element('vehicle', { interest, status: vehicle.condition }, [
    element('year', {}, vehicle.year),
    element('make', {}, vehicle.brand),
    element('model', {}, vehicle.model),
    optional('vin', vehicle.vin),
    element('stock', {}, vehicle.stockNumber),
    optional('trim', vehicle.trim),
    element('odometer', { status: 'unknown', units: 'mi' }, vehicle.mileage),
    element('price', { type: 'asking', currency: 'USD' }, vehicle.price),
    ...more,
  ]);
}

const amount = (type: 'downpayment' | 'monthly' | 'total', cents: number) =>
  element('amount', { type, limit: 'exact', currency: 'USD' }, centsToDecimal(cents));
const balance = (type: 'finance' | 'residual', cents: number) => element('balance', { type, currency: 'USD' }, centsToDecimal(cents));

/**
 * The deal in ADF's terms (docs/operations/mail.md#the-deal-in-an-adf-lead): the method, the amounts
 * priced (exact, not a shopper's limits), and as `balance` the amount financed or the lease's residual.
 */
export function dealFinance(deal: DealHandoff): XmlElement {
  switch (deal.type) {
    case 'cash':
      return element('finance', {}, [element('method', {}, 'cash'), amount('total', deal.amountDueCents)]);
    case 'finance':
      return element('finance', {}, [
        element('method', {}, 'finance'),
        amount('downpayment', deal.cashDownCents),
        amount('monthly', deal.paymentCents),
        amount('total', deal.totalOfPaymentsCents),
        balance('finance', deal.amountFinancedCents),
      ]);
    case 'lease':
      return element('finance', {}, [
        element('method', {}, 'lease'),
        amount('downpayment', deal.cashDownCents),
        amount('monthly', deal.paymentCents),
        amount('total', deal.totalOfPaymentsCents),
        balance('residual', deal.residual.cents),
      ]);
  }
}

const DEAL_TYPE_NAMES = { cash: 'Cash', finance: 'Finance', lease: 'Lease' } as const;

/** What ADF has no element for, in one English sentence the CRM shows with the car: the terms, products, rebates, trade and tax. */
export function dealComments(deal: DealHandoff): string {
  const terms =
    deal.type === 'finance'
      ? `${deal.termMonths} months at ${formatPercent(deal.aprPercent)} APR, credit tier ${deal.creditTier.name}`
      : deal.type === 'lease'
        ? `${deal.termMonths} months, ${formatMileage(deal.milesPerYear, 'en', 'long')} a year, money factor ${deal.moneyFactor}, ` +
          `residual ${formatPercent(deal.residual.percent)} (${formatCents(deal.residual.cents)}), ` +
          `${formatCents(deal.dueAtSigningCents)} due at signing, credit tier ${deal.creditTier.name}`
        : `${formatCents(deal.amountDueCents)} due`;
  const products = deal.products.map((product) => `${product.name} ${formatCents(product.priceCents)}`);
  const rebates = deal.rebates.map((rebate) => `${rebate.name} ${formatCents(rebate.amountCents)}`);
  return `${[
    `${DEAL_TYPE_NAMES[deal.type]} deal priced online (deal settings version ${deal.settingsVersion}): ${terms}`,
    ...(products.length > 0 ? [`products: ${products.join(', ')}`] : []),
    ...(rebates.length > 0 ? [`rebates: ${rebates.join(', ')}`] : []),
    ...(deal.trade ? [`trade-in allowance ${formatCents(deal.trade.allowanceCents)}, payoff ${formatCents(deal.trade.payoffCents)}`] : []),
    deal.tax.included
      ? `tax ${formatCents(deal.tax.amountCents)} (${deal.tax.state})`
      : `tax and government fees not included: to be confirmed for ${usStateName(deal.tax.state) ?? deal.tax.state}`,
  ].join('; ')}.`;
}

/** The dealer who receives the lead, with its address in ADF's parts. */
export function leadVendor({ company }: LeadConfig): XmlElement {
  const { location } = company;
  return element('vendor', {}, [
    element('vendorname', {}, company.name),
    element('contact', {}, [
      element('name', { part: 'full' }, company.name),
      element('email', {}, company.email),
      element('phone', { type: 'voice' }, company.phone),
      element('address', {}, [
        element('street', { line: 1 }, location.street),
        element('city', {}, location.city),
        element('regioncode', {}, location.region),
        element('postalcode', {}, location.postalCode),
        element('country', {}, location.country),
      ]),
    ]),
  ]);
}

/** Who sent the lead: this app, under the dealer's source partner id, naming the service the customer used. */
export function leadProvider(config: LeadConfig, service: string): XmlElement {
  return element('provider', {}, [
    element('name', { part: 'full' }, config.dealer.sourcePartnerId),
    element('service', {}, service),
    optional('url', config.server.publicUrl),
  ]);
}

/**
 * An outbox consumer that emails the CRM's lead mailbox one ADF lead for each event of `kind`. The
 * XML is the message's plain-text body, not an attachment: that is where the ADF specification puts
 * it and where CRM lead mailboxes look for it, some of them ignoring attachments altogether. `lead`
 * answers the email's subject and text, or undefined when there is no lead left to send.
 */
export function leadMailConsumer<K extends OutboxKind>(
  name: string,
  kind: K,
  { mailer, to }: { mailer: Mailer; to: string },
  lead: (event: Extract<OutboxEvent, { kind: K }>) => Promise<{ subject: string; text: string } | undefined>,
): OutboxConsumer {
  const ofKind = (event: OutboxEvent): event is Extract<OutboxEvent, { kind: K }> => event.kind === kind;
  return {
    name,
    kinds: [kind],
    async deliver(event) {
      if (!ofKind(event)) return;
      const mail = await lead(event);
      if (mail) await mailer.send({ to, ...mail });
    },
    isPermanent: isPermanentMailError,
    describeError: describeMailError,
  };
}
