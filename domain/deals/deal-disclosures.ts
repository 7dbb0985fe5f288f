import { formatMileage, formatMoney, formatPercent } from '../format.ts';
import { usStateName } from '../us-states.ts';
import type { DealQuote, DealTax } from './deal-quote.schema.ts';

/**
 * The advertising disclosures that go with a payment wherever one is shown (docs/product/deal-builder.md#disclosures):
 * the car page, and later the wizard, the PDF and the bot. The texts are Lingui message ids (the
 * English text); the values are already written in the reader's language, so a caller translates
 * each with i18n._(id, values) or the server's t(id, values).
 */
export const dealDisclosureMessages = {
  /** Regulation Z, 12 CFR 1026.24(d)(2): the down payment, the terms of repayment, and the APR. */
  finance:
    '{down} down, {payments, plural, one {# monthly payment} other {# monthly payments}} of {payment} at {apr} APR. Total of payments {total}.',
  /** Regulation M, 12 CFR 1013.7(d)(2): a lease, due at signing, the number and amount of payments, the security deposit. */
  lease: 'Lease: {dueAtSigning} due at signing, {payments, plural, one {# monthly payment} other {# monthly payments}} of {payment}.',
  noSecurityDeposit: 'No security deposit.',
  securityDeposit: 'Security deposit {deposit}.',
  /** What the lessee may owe at the end of the term besides the payments, said with them as the dealer's own rule. */
  leaseEnd: 'At the end: {dispositionFee} disposition fee and {excessMileage} a mile over {miles}.',
  taxNotIncluded: 'Tax and government fees are not included: we confirm them for {state}.',
} as const;

export interface DisclosureText {
  id: (typeof dealDisclosureMessages)[keyof typeof dealDisclosureMessages];
  values: Record<string, string | number>;
}

const m = dealDisclosureMessages;

/** The state's name as the disclosures and the breakdown write it. */
export function stateName(tax: DealTax): string {
  return usStateName(tax.state) ?? tax.state;
}

/**
 * What must be said with this quote, in order. A finance quote's down payment is what the buyer puts
 * down: the cash and a trade's positive equity (12 CFR 1026.2(a)(18)); rebates lower the price instead.
 */
export function dealDisclosures(quote: DealQuote, language = 'en'): DisclosureText[] {
  const money = (cents: number) => formatMoney(cents / 100, language);
  const texts: DisclosureText[] = [];
  if (quote.type === 'finance') {
    texts.push({
      id: m.finance,
      values: {
        down: money(quote.cashDownCents + Math.max(0, quote.trade?.equityCents ?? 0)),
        payments: quote.numberOfPayments,
        payment: money(quote.paymentCents),
        apr: formatPercent(quote.aprPercent, language),
        total: money(quote.totalOfPaymentsCents),
      },
    });
  }
  if (quote.type === 'lease') {
    texts.push(
      {
        id: m.lease,
        values: { dueAtSigning: money(quote.dueAtSigningCents), payments: quote.numberOfPayments, payment: money(quote.paymentCents) },
      },
      quote.securityDepositCents > 0
        ? { id: m.securityDeposit, values: { deposit: money(quote.securityDepositCents) } }
        : { id: m.noSecurityDeposit, values: {} },
      {
        id: m.leaseEnd,
        values: {
          dispositionFee: money(quote.dispositionFeeCents),
          excessMileage: money(quote.excessMileageCentsPerMile),
          miles: formatMileage((quote.milesPerYear * quote.termMonths) / 12, language, 'long'),
        },
      },
    );
  }
  if (!quote.tax.included) texts.push({ id: m.taxNotIncluded, values: { state: stateName(quote.tax) } });
  return texts;
}
