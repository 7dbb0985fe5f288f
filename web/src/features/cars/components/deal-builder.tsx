import { useLingui } from '@lingui/react';
import { Button, Input, Select } from '@telegram-apps/telegram-ui';
import { useSetAtom } from 'jotai';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { CarItem } from '../../../../../domain/contracts/cars.ts';
import type { DealSettingsAnswer } from '../../../../../domain/contracts/deals.ts';
import { dealInputMessages, type DealInput } from '../../../../../domain/deals/deal-input.schema.ts';
import type { DealQuote } from '../../../../../domain/deals/deal-quote.schema.ts';
import type { DealType } from '../../../../../domain/deals/deal-settings.ts';
import { toSupportedLanguage } from '../../../../../domain/enums.ts';
import { formatCents, formatMileage } from '../../../../../domain/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { draftCarIdAtom } from '../../../lib/application-draft.ts';
import { useDealSettings } from '../../../lib/api/get-deal-settings.ts';
import { useDealQuote } from '../../../lib/api/quote-deal.ts';
import { useMyTradeIn } from '../../../lib/api/trade-ins.ts';
import { tradeInTitle } from '../../../../../domain/trade-ins/trade-in-rules.ts';
import { centsToDollarsText } from '../../../lib/deals/typed-amounts.ts';
import {
  dealFieldErrors,
  parseDealParams,
  serializeDealParams,
  termFor,
  toDealRequest,
  type DealChoice,
  type DealFormField,
} from '../../../lib/deals/deal-choice.ts';
import { errorStatusText } from '../error-text.ts';
import { DealBreakdown, DealDisclosures, DealHeadline } from '../../../components/deals/deal-breakdown.tsx';
import { FilterField } from './filter-field.tsx';

/** Quoting waits this long after the last keystroke, so typing "75201" asks once, not five times. */
const QUOTE_DELAY_MS = 300;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The deal in the address bar, written into the current history entry: a router navigation on each
 * keystroke would re-render the route and let the scroll manager (web/src/app/scroll-manager.tsx)
 * take it for a new visit. The router reads it back on a reload, a shared link or Back.
 */
function writeDealToAddress(pathname: string, choice: DealChoice) {
  const search = serializeDealParams(choice, new URLSearchParams(window.location.search)).toString();
  window.history.replaceState(window.history.state, '', `${pathname}?${search}${window.location.hash}`);
}

/** A labelled control with its error below it, tied to it by aria-describedby. */
function DealField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: (control: { id: string; 'aria-labelledby': string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="deal__field">
      <FilterField id={id} label={label}>
        {(control) => children(error ? { ...control, 'aria-describedby': errorId, 'aria-invalid': true } : control)}
      </FilterField>
      {error ? (
        <p id={errorId} className="deal__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A dollar amount the shopper types; what it means is read by deal-choice.ts. */
function AmountField({
  id,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <DealField id={id} label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          status={control['aria-invalid'] ? 'error' : 'default'}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </DealField>
  );
}

/**
 * The shopper's deal builder on the car page (docs/product/deal-builder.md): cash, finance or lease,
 * priced by the server's calculator as they type, itemised line by line, with the disclosures that
 * must go with a payment. The choice lives in the page URL.
 */
export function DealBuilder({ car, canApply }: { car: CarItem; canApply: boolean }) {
  const { i18n } = useLingui();
  const id = useId();
  const settings = useDealSettings();
  return (
    <section className="deal" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._('Your deal')}</h2>
      {settings.isPending ? <p className="deal__hint">{i18n._('Loading...')}</p> : null}
      {settings.isError ? (
        <>
          <p role="alert">{i18n._('Error: {error}', { error: errorStatusText(settings.error) })}</p>
          <Button type="button" mode="outline" size="s" onClick={() => void settings.refetch()}>
            {i18n._('Try again')}
          </Button>
        </>
      ) : null}
      {settings.data ? <DealForm car={car} canApply={canApply} answer={settings.data} idPrefix={id} /> : null}
    </section>
  );
}

function DealForm({ car, canApply, answer, idPrefix }: { car: CarItem; canApply: boolean; answer: DealSettingsAnswer; idPrefix: string }) {
  const { i18n } = useLingui();
  const language = toSupportedLanguage(i18n.locale);
  const { pathname, search } = useLocation();
  const setDraftCarId = useSetAtom(draftCarIdAtom);
  const [choice, setChoice] = useState(() => {
    const parsed = parseDealParams(new URLSearchParams(search));
    return car.msrp === null && parsed.type === 'lease' ? { ...parsed, type: 'finance' as const } : parsed;
  });
  const change = (patch: Partial<DealChoice>) => {
    const next = { ...choice, ...patch };
    setChoice(next);
    writeDealToAddress(pathname, next);
  };

  // An accepted trade-in offer is the deal's trade (docs/product/trade-ins.md#in-the-deal): its
  // allowance and the declared payoff replace whatever was typed, and the quote prices the equity.
  const tradeIn = useMyTradeIn().data ?? null;
  const accepted = tradeIn?.accepted ?? null;
  const priced: DealChoice = accepted
    ? { ...choice, trade: centsToDollarsText(accepted.allowanceCents), payoff: centsToDollarsText(accepted.payoffCents) }
    : choice;
  const request = toDealRequest(priced, answer);
  const requestKey = request.ok ? JSON.stringify(request.input) : null;
  const quotedKey = useDebounced(requestKey, QUOTE_DELAY_MS);
  const quotedInput = useMemo(() => (quotedKey === null ? null : (JSON.parse(quotedKey) as DealInput)), [quotedKey]);
  const quote = useDealQuote(car.uuid, quotedInput);
  const settled = requestKey === quotedKey;

  // A quote's refusal speaks for the deal as it was sent; once the shopper changes it, it waits for the next answer.
  const refusal = settled && quote.isError && !quote.isFetching ? quote.error : null;
  const namesFields = refusal instanceof ApiError && refusal.status === 400 && refusal.fields !== undefined;
  const serverErrors = namesFields ? dealFieldErrors(refusal.fields) : {};
  const unnamed = serverErrors[''];
  const failure =
    refusal === null
      ? null
      : !namesFields
        ? i18n._('Error: {error}', { error: errorStatusText(refusal) })
        : unnamed === undefined
          ? null
          : i18n._(unnamed);
  const typeLabels: Record<DealType, string> = { cash: i18n._('Cash'), finance: i18n._('Finance'), lease: i18n._('Lease') };
  const amountError = i18n._('Enter an amount in dollars, such as 3,000.');
  const errorOf = (field: DealFormField): string | undefined => {
    if ((field === 'down' || field === 'trade' || field === 'payoff') && !request.ok && request.invalid[field]) return amountError;
    const message = serverErrors[field];
    return message === undefined ? undefined : i18n._(message);
  };

  const fieldId = (name: string) => `${idPrefix}-${name}`;
  const terms = choice.type === 'lease' ? answer.leaseTerms : answer.financeTerms;
  const term = termFor(choice, terms);
  const products = answer.settings.products.filter((product) => product.dealTypes.includes(choice.type));
  const typeError = errorOf('type');
  const productsError = errorOf('productIds');
  const leaseReasonId = fieldId('lease-reason');
  // The application gets the deal as priced, with the term the quote used even when the shopper kept the usual one.
  const applySearch = serializeDealParams({ ...priced, termMonths: term }).toString();

  return (
    <>
      <fieldset
        className="deal__types"
        aria-describedby={typeError ? fieldId('type-error') : undefined}
        aria-invalid={typeError ? true : undefined}
      >
        <legend className="filter-field__label">{i18n._('How would you like to pay?')}</legend>
        <div className="deal__segments">
          {(['cash', 'finance', 'lease'] as const).map((type) => {
            const disabled = type === 'lease' && car.msrp === null;
            return (
              <label key={type} className="deal__segment">
                <input
                  type="radio"
                  name={fieldId('type')}
                  value={type}
                  checked={choice.type === type}
                  disabled={disabled}
                  aria-describedby={disabled ? leaseReasonId : undefined}
                  onChange={() => change({ type })}
                />
                <span>{typeLabels[type]}</span>
              </label>
            );
          })}
        </div>
        {car.msrp === null ? (
          <p id={leaseReasonId} className="deal__hint">
            {i18n._(dealInputMessages.leaseNoMsrp)}
          </p>
        ) : null}
        {typeError ? (
          <p id={fieldId('type-error')} className="deal__error">
            {typeError}
          </p>
        ) : null}
      </fieldset>

      <div className="deal__fields">
        <DealField id={fieldId('zip')} label={i18n._('ZIP code')} error={errorOf('zip')}>
          {(control) => (
            <Input
              {...control}
              status={control['aria-invalid'] ? 'error' : 'default'}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              value={choice.zip}
              onChange={(event) => change({ zip: event.target.value.replace(/\D/g, '').slice(0, 5) })}
            />
          )}
        </DealField>
        {choice.type !== 'cash' ? (
          <DealField id={fieldId('tier')} label={i18n._('Your credit')} error={errorOf('tierId')}>
            {(control) => (
              <Select
                {...control}
                status={control['aria-invalid'] ? 'error' : 'default'}
                value={choice.tierId}
                onChange={(event) => change({ tierId: event.target.value })}
              >
                <option value="">{i18n._('Choose your credit')}</option>
                {answer.settings.tiers.map((tier) => (
                  <option key={tier.id} value={tier.id}>
                    {tier.name[language]}
                  </option>
                ))}
              </Select>
            )}
          </DealField>
        ) : null}
        {choice.type !== 'cash' ? (
          <AmountField
            id={fieldId('down')}
            label={i18n._('Cash down, $')}
            error={errorOf('down')}
            value={choice.down}
            onChange={(value) => change({ down: value })}
          />
        ) : null}
        {choice.type !== 'cash' ? (
          <DealField id={fieldId('term')} label={i18n._('Term')} error={errorOf('termMonths')}>
            {(control) => (
              <Select {...control} value={String(term)} onChange={(event) => change({ termMonths: Number(event.target.value) })}>
                {terms.map((months) => (
                  <option key={months} value={months}>
                    {i18n._('{months, plural, one {# month} other {# months}}', { months })}
                  </option>
                ))}
              </Select>
            )}
          </DealField>
        ) : null}
        {choice.type === 'lease' ? (
          <DealField id={fieldId('miles')} label={i18n._('Miles a year')} error={errorOf('milesPerYear')}>
            {(control) => (
              <Select
                {...control}
                value={String(choice.milesPerYear)}
                onChange={(event) => change({ milesPerYear: Number(event.target.value) })}
              >
                {answer.leaseMileages.map((miles) => (
                  <option key={miles} value={miles}>
                    {formatMileage(miles, language)}
                  </option>
                ))}
              </Select>
            )}
          </DealField>
        ) : null}
      </div>

      {products.length > 0 ? (
        <fieldset
          className="deal__products"
          aria-describedby={productsError ? fieldId('products-error') : undefined}
          aria-invalid={productsError ? true : undefined}
        >
          <legend className="filter-field__label">{i18n._('Protection products')}</legend>
          {products.map((product) => {
            const descriptionId = fieldId(`product-${product.id}`);
            return (
              <div key={product.id} className="deal__product">
                <label className="deal__product-choice">
                  <input
                    type="checkbox"
                    checked={choice.productIds.includes(product.id)}
                    aria-describedby={descriptionId}
                    onChange={(event) =>
                      change({
                        productIds: event.target.checked
                          ? [...choice.productIds, product.id]
                          : choice.productIds.filter((chosen) => chosen !== product.id),
                      })
                    }
                  />
                  <span>{product.name[language]}</span>
                  <span className="deal__product-price">{formatCents(product.priceCents, language)}</span>
                </label>
                <p id={descriptionId} className="deal__hint">
                  {product.description[language]}
                </p>
              </div>
            );
          })}
          {productsError ? (
            <p id={fieldId('products-error')} className="deal__error">
              {productsError}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <fieldset className="deal__trade">
        <legend className="filter-field__label">{i18n._('Trade-in')}</legend>
        {tradeIn && accepted ? (
          <AcceptedTrade
            title={tradeInTitle(tradeIn.draft)}
            allowanceCents={accepted.allowanceCents}
            payoffCents={accepted.payoffCents}
            cash={choice.type === 'cash'}
            idPrefix={idPrefix}
          />
        ) : (
          <>
            <div className="deal__fields">
              <AmountField
                id={fieldId('trade')}
                label={i18n._('Trade-in value, $')}
                error={errorOf('trade')}
                value={choice.trade}
                onChange={(value) => change({ trade: value })}
              />
              <AmountField
                id={fieldId('payoff')}
                label={i18n._('Still owed on it, $')}
                error={errorOf('payoff')}
                value={choice.payoff}
                onChange={(value) => change({ payoff: value })}
              />
            </div>
            <Link to="/trade-in" className="deal__trade-link">
              {i18n._('Value your trade')}
            </Link>
          </>
        )}
      </fieldset>

      <DealResult
        answer={answer}
        missing={request.ok ? (refusal === null ? null : 'correction') : (request.missing ?? 'correction')}
        quote={request.ok ? (quote.data?.quote ?? null) : null}
        updating={request.ok && (!settled || quote.isFetching)}
        failure={failure}
        idPrefix={idPrefix}
      />

      {canApply ? (
        <Link to={`/application?${applySearch}`} className="deal__apply" onClick={() => setDraftCarId(car.uuid)}>
          {i18n._('Apply with this deal')}
        </Link>
      ) : null}
    </>
  );
}

/**
 * The trade-in whose offer the shopper accepted, as the deal's trade: shown, not typed, so the
 * quote prices what the dealer agreed to. What is owed beyond the offer is not lost: it is added to
 * what the shopper pays or borrows, and the breakdown's equity line shows it negative.
 */
function AcceptedTrade({
  title,
  allowanceCents,
  payoffCents,
  cash,
  idPrefix,
}: {
  title: string;
  allowanceCents: number;
  payoffCents: number;
  cash: boolean;
  idPrefix: string;
}) {
  const { i18n } = useLingui();
  const language = toSupportedLanguage(i18n.locale);
  const shortfall = payoffCents - allowanceCents;
  const locked = (name: string, label: string, cents: number) => (
    <DealField id={`${idPrefix}-${name}`} label={label} error={undefined}>
      {(control) => <Input {...control} readOnly value={centsToDollarsText(cents)} />}
    </DealField>
  );
  return (
    <>
      <p className="deal__trade-accepted">
        {i18n._('Your trade-in: {title}, offer {amount} accepted', { title, amount: formatCents(allowanceCents, language) })}
      </p>
      <div className="deal__fields">
        {locked('trade', i18n._('Trade-in value, $'), allowanceCents)}
        {locked('payoff', i18n._('Still owed on it, $'), payoffCents)}
      </div>
      {shortfall > 0 ? (
        <p className="deal__hint">
          {cash
            ? i18n._('You owe {amount} more than the offer: it is added to the amount due.', { amount: formatCents(shortfall, language) })
            : i18n._('You owe {amount} more than the offer: it is added to the amount financed.', {
                amount: formatCents(shortfall, language),
              })}
        </p>
      ) : null}
    </>
  );
}

function DealResult({
  answer,
  missing,
  quote,
  updating,
  failure,
  idPrefix,
}: {
  answer: DealSettingsAnswer;
  /** What stands between the shopper and a quote: a ZIP, a credit tier, or a field to correct. */
  missing: 'zip' | 'tierId' | 'correction' | null;
  quote: DealQuote | null;
  updating: boolean;
  /** Why the last quote failed when no field is to blame. */
  failure: string | null;
  idPrefix: string;
}) {
  const { i18n } = useLingui();
  if (missing === 'zip') return <p className="deal__hint">{i18n._('Enter your ZIP code to see your deal.')}</p>;
  if (missing === 'tierId') return <p className="deal__hint">{i18n._('Choose your credit to see your deal.')}</p>;
  if (failure) return <p role="alert">{failure}</p>;
  if (missing === 'correction') return <p className="deal__hint">{i18n._('Correct the marked field to see your deal.')}</p>;
  if (!quote) return updating ? <p className="deal__hint">{i18n._('Loading...')}</p> : null;
  return (
    <div className="deal__result" aria-busy={updating}>
      <DealHeadline quote={quote} idPrefix={idPrefix} />
      {updating ? <p className="deal__hint">{i18n._('Updating...')}</p> : null}
      <DealDisclosures quote={quote} />
      <DealBreakdown quote={quote} settings={answer.settings} />
      <p className="deal__disclaimer">{i18n._('Estimate only. Your actual rate and payment depend on credit approval.')}</p>
    </div>
  );
}
