import type { I18n } from '@lingui/core';
import * as v from 'valibot';
import { getFieldErrors } from '../../../../domain/contracts/errors.ts';
import type { DealSettingsAnswer } from '../../../../domain/contracts/deals.ts';
import type { ApplicationDeal } from '../../../../domain/deals/application-deal.schema.ts';
import { dealInputMessages, MAX_DEAL_AMOUNT_CENTS } from '../../../../domain/deals/deal-input.schema.ts';
import { dealRevisionSchema, offerTermsMessages, type DealRevision } from '../../../../domain/deals/deal-offer.ts';
import { dealSettingsMessages, MAX_FEE_CENTS } from '../../../../domain/deals/deal-settings.ts';
import { formatCents } from '../../../../domain/format.ts';
import { serverText } from '../../lib/i18n.ts';
import { termFor, type DealChoice, type DealFormField } from '../../lib/deals/deal-choice.ts';
import { centsToDollarsText, readTypedCents, readTypedNumber } from '../../lib/deals/typed-amounts.ts';

/**
 * The desk's offer as its form holds it (docs/product/deals.md#offers): the deal as the car page's
 * builder holds one (amounts as typed dollars), and the four terms staff may set, each blank for
 * the figure the car and the settings give. Pure, so the rules are tested alone.
 */
export interface OfferValues {
  deal: DealChoice;
  /** Dollars as typed; blank for the car's price. */
  price: string;
  /** A percentage as typed; blank for the credit tier's rate. */
  apr: string;
  /** As typed; blank for the credit tier's money factor. */
  moneyFactor: string;
  /** Dollars as typed; blank for the settings' documentation fee. */
  docFee: string;
}

export type OfferField = DealFormField | 'price' | 'apr' | 'moneyFactor' | 'docFee';

/** The fields in the form's order, which the error summary follows. */
export const OFFER_FIELDS: readonly OfferField[] = [
  'type',
  'zip',
  'tierId',
  'termMonths',
  'milesPerYear',
  'down',
  'productIds',
  'trade',
  'payoff',
  'price',
  'apr',
  'moneyFactor',
  'docFee',
];

/** What is wrong, by field; '' for what names no field of the form. Messages are domain ids, translated where shown. */
export type OfferErrors = Partial<Record<OfferField | '', string>>;

export const offerFieldId = (field: OfferField | '') => (field === '' ? 'offer-form-error' : `offer-${field}`);

/**
 * Where the form starts: the applicant's own deal, or, without one, a finance deal whose ZIP staff
 * fill in. A tier is always chosen, so a deal switched from cash to finance can be priced at once.
 */
export function offerValuesOf(deal: ApplicationDeal | null, answer: DealSettingsAnswer): OfferValues {
  const firstTier = answer.settings.tiers[0]?.id ?? '';
  const terms = { price: '', apr: '', moneyFactor: '', docFee: '' };
  if (!deal) {
    return {
      deal: {
        type: 'finance',
        zip: '',
        tierId: firstTier,
        down: '',
        termMonths: null,
        milesPerYear: 12_000,
        productIds: [],
        trade: '',
        payoff: '',
      },
      ...terms,
    };
  }
  const { input } = deal;
  return {
    deal: {
      type: input.type,
      zip: input.zip,
      tierId: input.tierId ?? firstTier,
      down: input.cashDownCents === 0 ? '' : centsToDollarsText(input.cashDownCents),
      termMonths: input.termMonths,
      milesPerYear: input.milesPerYear ?? 12_000,
      productIds: input.productIds,
      trade: input.trade ? centsToDollarsText(input.trade.allowanceCents) : '',
      payoff: input.trade ? centsToDollarsText(input.trade.payoffCents) : '',
    },
    ...terms,
  };
}

/** The term this kind of deal is priced with: the chosen one where offered, else its usual one. */
export const offerTerm = (deal: DealChoice, answer: DealSettingsAnswer) =>
  termFor(deal, deal.type === 'lease' ? answer.leaseTerms : answer.financeTerms);

/** The protection products offered with this kind of deal, in the dealer's order. */
export const offeredProducts = (deal: DealChoice, answer: DealSettingsAnswer) =>
  answer.settings.products.filter((product) => product.dealTypes.includes(deal.type));

const FIELD_OF_PATH: Record<string, OfferField> = {
  'input.type': 'type',
  'input.zip': 'zip',
  'input.tierId': 'tierId',
  'input.cashDownCents': 'down',
  'input.termMonths': 'termMonths',
  'input.milesPerYear': 'milesPerYear',
  'input.productIds': 'productIds',
  'input.trade': 'trade',
  'input.trade.allowanceCents': 'trade',
  'input.trade.payoffCents': 'payoff',
  'terms.priceCents': 'price',
  'terms.aprPercent': 'apr',
  'terms.moneyFactor': 'moneyFactor',
  'terms.docFeeCents': 'docFee',
};

/** The form's field for a path the schema or the API's 400 names (`input.<field>`, `terms.<field>`, a product's `input.productIds.2`). */
function fieldOfPath(path: string): OfferField | '' {
  const match = Object.keys(FIELD_OF_PATH)
    .filter((key) => path === key || path.startsWith(`${key}.`))
    .sort((a, b) => b.length - a.length)[0];
  return match === undefined ? '' : FIELD_OF_PATH[match]!;
}

/** Field errors by path (the schema's or the API's) as the form's errors; the first for a field stands. */
export function offerErrorsOf(fields: Record<string, string>): OfferErrors {
  const errors: OfferErrors = {};
  for (const [path, message] of Object.entries(fields)) errors[fieldOfPath(path)] ??= message;
  return errors;
}

export type OfferRequest = { ok: true; revision: DealRevision } | { ok: false; errors: OfferErrors };

/**
 * What POST /api/applications/{id}/offers is sent, judged first by the schema the server parses
 * with, so a mistyped figure is named at its field before anything is sent. A term is set only
 * where this kind of deal has it: an APR on finance, a money factor on a lease.
 */
export function toOfferRequest(values: OfferValues, answer: DealSettingsAnswer): OfferRequest {
  const { deal } = values;
  const offered = new Set(offeredProducts(deal, answer).map((product) => product.id));
  const hasTrade = deal.trade.trim() !== '' || deal.payoff.trim() !== '';
  const candidate: v.InferInput<typeof dealRevisionSchema> = {
    input: {
      type: deal.type,
      zip: deal.zip,
      tierId: deal.type === 'cash' ? null : deal.tierId,
      cashDownCents: deal.type === 'cash' ? 0 : (readTypedCents(deal.down) ?? 0),
      termMonths: offerTerm(deal, answer),
      milesPerYear: deal.type === 'lease' ? deal.milesPerYear : null,
      productIds: deal.productIds.filter((id) => offered.has(id)),
      trade: hasTrade ? { allowanceCents: readTypedCents(deal.trade) ?? 0, payoffCents: readTypedCents(deal.payoff) ?? 0 } : null,
    },
    terms: {
      priceCents: readTypedCents(values.price) ?? null,
      aprPercent: deal.type === 'finance' ? (readTypedNumber(values.apr) ?? null) : null,
      moneyFactor: deal.type === 'lease' ? (readTypedNumber(values.moneyFactor) ?? null) : null,
      docFeeCents: readTypedCents(values.docFee) ?? null,
    },
  };
  const parsed = v.safeParse(dealRevisionSchema, candidate);
  return parsed.success ? { ok: true, revision: parsed.output } : { ok: false, errors: offerErrorsOf(getFieldErrors(parsed.issues)) };
}

/** The bounds of each amount typed in dollars, and the schema's message that says it in cents. */
const DOLLAR_FIELDS: Partial<Record<OfferField, { min: number; max: number; message: string }>> = {
  down: { min: 0, max: MAX_DEAL_AMOUNT_CENTS, message: dealInputMessages.amountInvalid },
  trade: { min: 0, max: MAX_DEAL_AMOUNT_CENTS, message: dealInputMessages.amountInvalid },
  payoff: { min: 0, max: MAX_DEAL_AMOUNT_CENTS, message: dealInputMessages.amountInvalid },
  price: { min: 1, max: MAX_DEAL_AMOUNT_CENTS, message: offerTermsMessages.priceInvalid },
  docFee: { min: 0, max: MAX_FEE_CENTS, message: dealSettingsMessages.centsInvalid },
};

/** An error as shown at its field and in the summary, in the active language; amounts typed in dollars are refused in dollars. */
export function offerErrorText(i18n: I18n, field: OfferField | '', message: string): string {
  const dollars = field === '' ? undefined : DOLLAR_FIELDS[field];
  if (dollars && message === dollars.message) {
    return i18n._('Enter an amount from {min} to {max}, to the cent.', {
      min: formatCents(dollars.min, i18n.locale),
      max: formatCents(dollars.max, i18n.locale),
    });
  }
  return serverText(i18n, message);
}
