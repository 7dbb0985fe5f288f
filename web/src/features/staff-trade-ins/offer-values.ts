import type { I18n } from '@lingui/core';
import * as v from 'valibot';
import { getFieldErrors } from '../../../../domain/contracts/errors.ts';
import { MAX_DEAL_AMOUNT_CENTS } from '../../../../domain/deals/deal-input.schema.ts';
import { formatCents } from '../../../../domain/format.ts';
import {
  DEFAULT_TRADE_IN_OFFER_VALID_DAYS,
  TRADE_IN_CONDITIONS_MAX_LENGTH,
  TRADE_IN_OFFER_MAX_VALID_DAYS,
  tradeInOfferMessages,
  tradeInOfferRequestSchema,
  type TradeInOfferRequest,
} from '../../../../domain/trade-ins/trade-in.schema.ts';
import { readTypedCents } from '../../lib/deals/typed-amounts.ts';
import { serverText } from '../../lib/i18n.ts';

/** The offer form as typed: dollars, days and conditions as text, read when it is sent. */
export interface TradeInOfferValues {
  amount: string;
  validDays: string;
  conditions: string;
}

export type TradeInOfferField = keyof TradeInOfferValues;
export const TRADE_IN_OFFER_FIELDS: readonly TradeInOfferField[] = ['amount', 'validDays', 'conditions'];
/** What is wrong, by field; '' for what names none. Messages are the schema's, put in words where shown. */
export type TradeInOfferErrors = Partial<Record<TradeInOfferField | '', string>>;

export const INITIAL_OFFER_VALUES: TradeInOfferValues = {
  amount: '',
  validDays: String(DEFAULT_TRADE_IN_OFFER_VALID_DAYS),
  conditions: 'Subject to inspection.',
};

export const offerFieldId = (field: TradeInOfferField | '') => (field === '' ? 'trade-in-offer-error' : `trade-in-offer-${field}`);

const FIELD_OF_PATH: Record<string, TradeInOfferField> = { amountCents: 'amount', validDays: 'validDays', conditions: 'conditions' };

/** Field errors by the request's paths (the schema's or the API's 400) as the form's; the first for a field stands. */
export function offerErrorsOf(fields: Record<string, string>): TradeInOfferErrors {
  const errors: TradeInOfferErrors = {};
  for (const [path, message] of Object.entries(fields)) errors[FIELD_OF_PATH[path] ?? ''] ??= message;
  return errors;
}

export type TradeInOfferRequestResult = { ok: true; offer: TradeInOfferRequest } | { ok: false; errors: TradeInOfferErrors };

/**
 * What POST /api/trade-ins/{id}/offers is sent, judged first by the schema the server parses with:
 * dollars in cents (more than two decimals refused, not rounded), the days as a whole number.
 */
export function toOfferRequest(values: TradeInOfferValues): TradeInOfferRequestResult {
  const days = values.validDays.trim();
  const candidate = {
    amountCents: readTypedCents(values.amount) ?? Number.NaN,
    validDays: days === '' ? DEFAULT_TRADE_IN_OFFER_VALID_DAYS : Number(days),
    conditions: values.conditions,
  };
  const parsed = v.safeParse(tradeInOfferRequestSchema, candidate);
  return parsed.success ? { ok: true, offer: parsed.output } : { ok: false, errors: offerErrorsOf(getFieldErrors(parsed.issues)) };
}

/** An error as its field and the summary show it, in the active language: the amount in dollars, the rest in the form's terms. */
export function offerErrorText(i18n: I18n, message: string): string {
  switch (message) {
    case tradeInOfferMessages.amountInvalid:
      return i18n._('Enter an amount from {min} to {max}, to the cent.', {
        min: formatCents(1, i18n.locale),
        max: formatCents(MAX_DEAL_AMOUNT_CENTS, i18n.locale),
      });
    case tradeInOfferMessages.validDaysInvalid:
      return i18n._('Enter a whole number of days from 1 to {max}.', { max: TRADE_IN_OFFER_MAX_VALID_DAYS });
    case tradeInOfferMessages.conditionsInvalid:
      return i18n._('Write the conditions in at most {max} characters.', { max: TRADE_IN_CONDITIONS_MAX_LENGTH });
    default:
      return serverText(i18n, message);
  }
}
