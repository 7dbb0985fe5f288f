import * as v from 'valibot';
import type { PiiCipher } from '../security/pii-crypto.ts';

/**
 * The payoff lender and amount, sealed together in trade_ins.payoff_encrypted with the PII cipher
 * (docs/product/trade-ins.md): what a shopper still owes on a car is personal financial data. The
 * column's name is bound into the ciphertext, so a value copied into another column fails to open.
 */
const PAYOFF_CONTEXT = { context: 'trade_ins.payoff_encrypted' };

const sealedPayoffSchema = v.strictObject({ lender: v.nullable(v.string()), cents: v.nullable(v.number()) });
export type TradeInPayoff = v.InferOutput<typeof sealedPayoffSchema>;

/** Null when neither is given: nothing to seal. */
export const sealTradeInPayoff = (pii: PiiCipher, payoff: TradeInPayoff): string | null =>
  payoff.lender === null && payoff.cents === null ? null : pii.encrypt(JSON.stringify(payoff), PAYOFF_CONTEXT);

export const openTradeInPayoff = (pii: PiiCipher, sealed: string | null): TradeInPayoff | null =>
  sealed === null ? null : v.parse(sealedPayoffSchema, JSON.parse(pii.decrypt(sealed, PAYOFF_CONTEXT)));
