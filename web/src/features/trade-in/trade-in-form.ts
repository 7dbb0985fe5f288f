import * as v from 'valibot';
import {
  TRADE_IN_CONDITION_QUESTIONS,
  tradeInDraftSchema,
  tradeInProblems,
  type OwnershipKind,
  type TradeInCondition,
  type TradeInDraft,
  type TradeInDraftField,
} from '../../../../domain/trade-ins/trade-in.schema.ts';
import type { TradeInDraftPatch } from '../../lib/api/trade-ins.ts';
import { centsToDollarsText, readTypedCents, readTypedNumber } from '../../lib/deals/typed-amounts.ts';

/**
 * The describe screen's answers as the shopper typed them (docs/product/trade-ins.md#describing-the-car),
 * what of them can be saved, and what still stops a submission: the domain's own schema and
 * tradeInProblems, so the screen says what the server would.
 */
export interface TradeInForm {
  vin: string;
  year: string;
  make: string;
  model: string;
  trim: string;
  mileage: string;
  condition: TradeInCondition;
  ownership: OwnershipKind | null;
  payoffLender: string;
  /** Dollars as typed. */
  payoff: string;
  notes: string;
}

/** Every field in the screen's order: the error summary lists problems in it. */
export const TRADE_IN_FIELDS: readonly TradeInDraftField[] = [
  'vin',
  'year',
  'make',
  'model',
  'trim',
  'mileage',
  ...TRADE_IN_CONDITION_QUESTIONS.map((question) => `condition.${question}` as const),
  'ownership',
  'payoffLender',
  'payoffCents',
  'notes',
];

/** The id of a field's control (of a question, its first answer), which the error summary links to. */
export const tradeInFieldId = (field: TradeInDraftField) => `tradein-${field.replace('.', '-')}`;

const text = (value: string | null) => value ?? '';

export function formOf(draft: TradeInDraft): TradeInForm {
  return {
    vin: text(draft.vin),
    year: draft.year === null ? '' : String(draft.year),
    make: text(draft.make),
    model: text(draft.model),
    trim: text(draft.trim),
    mileage: draft.mileage === null ? '' : String(draft.mileage),
    condition: { ...draft.condition },
    ownership: draft.ownership,
    payoffLender: text(draft.payoffLender),
    payoff: draft.payoffCents === null ? '' : centsToDollarsText(draft.payoffCents),
    notes: text(draft.notes),
  };
}

export const EMPTY_FORM: TradeInForm = formOf(v.parse(tradeInDraftSchema, {}));

/** A whole number as typed ("45,000" reads 45000); text that is not one is sent as is, for the schema to refuse. */
function typedWhole(value: string): number | string | null {
  const number = readTypedNumber(value);
  if (number === undefined) return null;
  return Number.isFinite(number) ? number : value;
}

export type FieldMessages = Partial<Record<TradeInDraftField, string>>;

export interface ReadForm {
  /** The answers the schema takes, to save: a field it refuses is left out, and the rest still saves. */
  patch: TradeInDraftPatch;
  /** The draft the server would hold after the save, refused fields empty. */
  draft: TradeInDraft;
  /** Why a field was refused, a domain message id. */
  invalid: FieldMessages;
}

export function readForm(form: TradeInForm): ReadForm {
  const payoffCents = readTypedCents(form.payoff);
  const raw = {
    vin: form.vin,
    year: typedWhole(form.year),
    make: form.make,
    model: form.model,
    trim: form.trim,
    mileage: typedWhole(form.mileage),
    condition: form.condition,
    ownership: form.ownership,
    payoffLender: form.payoffLender,
    payoffCents: payoffCents === undefined ? null : Number.isNaN(payoffCents) ? form.payoff : payoffCents,
    notes: form.notes,
  };
  const invalid: FieldMessages = {};
  const result = v.safeParse(tradeInDraftSchema, raw);
  if (!result.success) {
    for (const issue of result.issues) {
      const field = v.getDotPath(issue) as TradeInDraftField | null;
      if (field !== null && TRADE_IN_FIELDS.includes(field)) invalid[field] ??= issue.message;
    }
  }
  const cleared = structuredClone(raw) as Record<string, unknown> & { condition: Record<string, unknown> };
  for (const field of Object.keys(invalid)) {
    if (field.startsWith('condition.')) cleared.condition[field.slice('condition.'.length)] = null;
    else cleared[field] = null;
  }
  const draft = v.parse(tradeInDraftSchema, cleared);
  const patch: TradeInDraftPatch = { ...draft, condition: { ...draft.condition } };
  for (const field of Object.keys(invalid)) {
    if (field.startsWith('condition.')) delete patch.condition?.[field.slice('condition.'.length) as keyof TradeInCondition];
    else delete patch[field as keyof Omit<TradeInDraft, 'condition'>];
  }
  if (invalid.payoffCents !== undefined && Number.isNaN(payoffCents)) invalid.payoffCents = AMOUNT_TYPO;
  return { patch, draft, invalid };
}

/** A payoff that is not an amount at all: the deal builder's own words for it. */
export const AMOUNT_TYPO = 'Enter an amount in dollars, such as 3,000.';

/** Everything that stops a submission, one message a field, in the screen's order. */
export function submitProblems({ draft, invalid }: ReadForm): FieldMessages {
  const problems: FieldMessages = { ...invalid };
  for (const problem of tradeInProblems(draft)) problems[problem.field] ??= problem.message;
  return problems;
}

/** The server's 400 fields that name a field of this screen; any other stays under ''. */
export function serverFieldMessages(fields: Record<string, string> | undefined): FieldMessages & { ''?: string } {
  const messages: FieldMessages & { ''?: string } = {};
  for (const [field, message] of Object.entries(fields ?? {})) {
    const known = TRADE_IN_FIELDS.find((each) => each === field);
    if (known) messages[known] ??= message;
    else messages[''] ??= message;
  }
  return messages;
}
