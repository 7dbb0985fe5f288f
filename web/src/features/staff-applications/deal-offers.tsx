import { EditField, type FieldControl } from '../../components/staff/edit-field.tsx';
import { useLingui } from '@lingui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { awaitsDecision } from '../../../../domain/application-status.ts';
import type { DealOffer, StaffApplication } from '../../../../domain/contracts/applications.ts';
import type { DealSettingsAnswer } from '../../../../domain/contracts/deals.ts';
import type { DealOfferStatus } from '../../../../domain/deals/deal-offer.ts';
import { DEAL_TYPES, type DealType } from '../../../../domain/deals/deal-settings.ts';
import { toSupportedLanguage } from '../../../../domain/enums.ts';
import { formatCents, formatDollars, formatMileage, formatPercent } from '../../../../domain/format.ts';
import { ErrorSummary } from '../../components/form/error-summary.tsx';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { toast } from '../../components/toasts.tsx';
import { useDealSettings } from '../../lib/api/get-deal-settings.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { DealChoice } from '../../lib/deals/deal-choice.ts';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDateTime } from '../../lib/staff/format.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { useSendOffer } from './api/send-offer.ts';
import { DealFigures } from './deal-section.tsx';
import {
  OFFER_FIELDS,
  offerErrorsOf,
  offerErrorText,
  offeredProducts,
  offerFieldId,
  offerTerm,
  offerValuesOf,
  toOfferRequest,
  type OfferErrors,
  type OfferField,
  type OfferValues,
} from './offer-values.ts';
import './deal-offers.css';

/** Each field's label (a message id), as the form and the error summary name it. */
const FIELD_LABELS: Record<OfferField, string> = {
  type: 'Kind of deal',
  zip: 'ZIP code',
  tierId: 'Credit tier',
  termMonths: 'Term',
  milesPerYear: 'Miles a year',
  down: 'Cash down, $',
  productIds: 'Protection products',
  trade: 'Trade-in allowance, $',
  payoff: 'Trade-in payoff, $',
  price: 'Price, $',
  apr: 'APR, %',
  moneyFactor: 'Lease money factor',
  docFee: 'Documentation fee, $',
};

const STATUS_LABELS: Record<DealOfferStatus, string> = {
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  superseded: 'Superseded',
};

/** Label above, hint and error below, tied to the control by id (docs/product/staff-dashboard.md#offers). */
function Field({
  field,
  error,
  hint,
  children,
}: {
  field: OfferField;
  error: string | undefined;
  hint?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <EditField id={offerFieldId(field)} label={i18n._(FIELD_LABELS[field])} hint={hint} error={error}>
      {children}
    </EditField>
  );
}

/** A field typed as a number (dollars, a percentage, a money factor), read when the form is sent. */
function DecimalField({
  field,
  error,
  hint,
  value,
  onChange,
}: {
  field: OfferField;
  error: string | undefined;
  hint?: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <Field field={field} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

interface OfferFormProps {
  application: StaffApplication;
  answer: DealSettingsAnswer;
  onClose: () => void;
}

/**
 * The desk's revision of the deal: the applicant's deal to start from, what staff change, and the
 * terms they set. Whatever is refused stays on screen, each error at its field and in the summary.
 */
function OfferForm({ application, answer, onClose }: OfferFormProps) {
  const { i18n } = useLingui();
  const language = toSupportedLanguage(i18n.locale);
  const send = useSendOffer();
  const [values, setValues] = useState<OfferValues>(() => offerValuesOf(application.deal, answer));
  const [errors, setErrors] = useState<OfferErrors>({});
  const [summaryToken, setSummaryToken] = useState(0);
  const { deal } = values;

  const errorAt = (field: OfferField) => {
    const message = errors[field];
    return message === undefined ? undefined : offerErrorText(i18n, field, message);
  };
  const refuse = (found: OfferErrors) => {
    setErrors(found);
    setSummaryToken((token) => token + 1);
  };
  // A field changed is a field corrected: its error waits for the next send.
  const changeDeal = (patch: Partial<DealChoice>, field: OfferField) => {
    setValues((current) => ({ ...current, deal: { ...current.deal, ...patch } }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const changeTerm = (field: 'price' | 'apr' | 'moneyFactor' | 'docFee', text: string) => {
    setValues((current) => ({ ...current, [field]: text }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = toOfferRequest(values, answer);
    if (!request.ok) {
      refuse(request.errors);
      return;
    }
    setErrors({});
    send.mutate(
      { applicationId: application.id, userId: application.userId, revision: request.revision },
      {
        onSuccess: () => {
          toast.success(i18n._('Offer sent. The applicant is told at once.'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && error.fields && Object.keys(error.fields).length > 0) {
            refuse(offerErrorsOf(error.fields));
            return;
          }
          // The application is refetched: decided meanwhile, the form goes away.
          if (error instanceof ApiError && error.status === 409) {
            toast.error(i18n._('The offer was not sent: the application is no longer in review, or names no car.'));
            return;
          }
          // The dashboard's passkey step opens by itself (app/dashboard/passkey-prompt.tsx); staff press Send again after it.
          if (isMfaRequired(error)) return;
          toast.error(i18n._('The offer could not be sent. It is still here; please try again.'));
        },
      },
    );
  };

  const typeLabels: Record<DealType, string> = { cash: i18n._('Cash'), finance: i18n._('Loan'), lease: i18n._('Lease') };
  const terms = deal.type === 'lease' ? answer.leaseTerms : answer.financeTerms;
  const term = offerTerm(deal, answer);
  const products = offeredProducts(deal, answer);
  const tier = answer.settings.tiers.find((each) => each.id === deal.tierId);
  const carPrice = application.car?.price;
  const unnamed = errors[''];
  const summary = [
    ...OFFER_FIELDS.flatMap((field) => {
      const text = errorAt(field);
      return text === undefined ? [] : [{ key: field, fieldId: offerFieldId(field), text: `${i18n._(FIELD_LABELS[field])}: ${text}` }];
    }),
    ...(unnamed === undefined ? [] : [{ key: '', fieldId: offerFieldId(''), text: offerErrorText(i18n, '', unnamed) }]),
  ];
  const productsError = errorAt('productIds');

  return (
    <form className="deal-offers__form" noValidate aria-labelledby="offer-form-title" onSubmit={submit}>
      <h4 id="offer-form-title">{i18n._('Send an offer')}</h4>
      <ErrorSummary titleId="offer-errors-title" heading="h4" items={summary} focusToken={summaryToken} />
      {unnamed === undefined ? null : (
        <p id={offerFieldId('')} className="notice notice--error" tabIndex={-1}>
          {offerErrorText(i18n, '', unnamed)}
        </p>
      )}
      <fieldset className="edit-group">
        <legend>{i18n._('Deal')}</legend>
        <Field field="type" error={errorAt('type')}>
          {(control) => (
            <select
              {...control}
              value={deal.type}
              onChange={(event) => {
                const type = DEAL_TYPES.find((each) => each === event.target.value);
                if (type) changeDeal({ type }, 'type');
              }}
            >
              {DEAL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabels[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field field="zip" error={errorAt('zip')}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              value={deal.zip}
              onChange={(event) => changeDeal({ zip: event.target.value.replace(/\D/g, '').slice(0, 5) }, 'zip')}
            />
          )}
        </Field>
        {deal.type !== 'cash' ? (
          <Field field="tierId" error={errorAt('tierId')}>
            {(control) => (
              <select {...control} value={deal.tierId} onChange={(event) => changeDeal({ tierId: event.target.value }, 'tierId')}>
                {answer.settings.tiers.map((each) => (
                  <option key={each.id} value={each.id}>
                    {each.name[language]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {deal.type !== 'cash' ? (
          <Field field="termMonths" error={errorAt('termMonths')}>
            {(control) => (
              <select
                {...control}
                value={String(term)}
                onChange={(event) => changeDeal({ termMonths: Number(event.target.value) }, 'termMonths')}
              >
                {terms.map((months) => (
                  <option key={months} value={months}>
                    {i18n._('{months, plural, one {# month} other {# months}}', { months })}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {deal.type === 'lease' ? (
          <Field field="milesPerYear" error={errorAt('milesPerYear')}>
            {(control) => (
              <select
                {...control}
                value={String(deal.milesPerYear)}
                onChange={(event) => changeDeal({ milesPerYear: Number(event.target.value) }, 'milesPerYear')}
              >
                {answer.leaseMileages.map((miles) => (
                  <option key={miles} value={miles}>
                    {formatMileage(miles, language)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {deal.type !== 'cash' ? (
          <DecimalField field="down" error={errorAt('down')} value={deal.down} onChange={(text) => changeDeal({ down: text }, 'down')} />
        ) : null}
      </fieldset>

      {products.length > 0 ? (
        <fieldset
          id={offerFieldId('productIds')}
          className="edit-group"
          tabIndex={-1}
          aria-invalid={productsError ? true : undefined}
          aria-describedby={productsError ? `${offerFieldId('productIds')}-error` : undefined}
        >
          <legend>{i18n._('Protection products')}</legend>
          {products.map((product) => (
            <label key={product.id} className="filters__check">
              <input
                type="checkbox"
                checked={deal.productIds.includes(product.id)}
                onChange={(event) =>
                  changeDeal(
                    {
                      productIds: event.target.checked
                        ? [...deal.productIds, product.id]
                        : deal.productIds.filter((chosen) => chosen !== product.id),
                    },
                    'productIds',
                  )
                }
              />
              <span>{`${product.name[language]} · ${formatCents(product.priceCents, language)}`}</span>
            </label>
          ))}
          {productsError ? (
            <p id={`${offerFieldId('productIds')}-error`} className="edit-field__error">
              {productsError}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <fieldset className="edit-group">
        <legend>{i18n._('Trade-in')}</legend>
        <DecimalField field="trade" error={errorAt('trade')} value={deal.trade} onChange={(text) => changeDeal({ trade: text }, 'trade')} />
        <DecimalField
          field="payoff"
          error={errorAt('payoff')}
          value={deal.payoff}
          onChange={(text) => changeDeal({ payoff: text }, 'payoff')}
        />
      </fieldset>

      <fieldset className="edit-group">
        <legend>{i18n._('The dealer’s terms')}</legend>
        <DecimalField
          field="price"
          error={errorAt('price')}
          hint={
            carPrice === undefined ? undefined : i18n._('Blank: the car’s price, {price}.', { price: formatDollars(carPrice, language) })
          }
          value={values.price}
          onChange={(text) => changeTerm('price', text)}
        />
        {deal.type === 'finance' ? (
          <DecimalField
            field="apr"
            error={errorAt('apr')}
            hint={i18n._('Blank: the credit tier’s rate for the term.')}
            value={values.apr}
            onChange={(text) => changeTerm('apr', text)}
          />
        ) : null}
        {deal.type === 'lease' ? (
          <DecimalField
            field="moneyFactor"
            error={errorAt('moneyFactor')}
            hint={tier ? i18n._('Blank: the credit tier’s money factor, {factor}.', { factor: String(tier.moneyFactor) }) : undefined}
            value={values.moneyFactor}
            onChange={(text) => changeTerm('moneyFactor', text)}
          />
        ) : null}
        <DecimalField
          field="docFee"
          error={errorAt('docFee')}
          hint={i18n._('Blank: the settings’ fee, {fee}.', { fee: formatCents(answer.settings.docFeeCents, language) })}
          value={values.docFee}
          onChange={(text) => changeTerm('docFee', text)}
        />
      </fieldset>

      <p className="edit-field__hint">
        {i18n._(
          '{name} is told at once and may accept or decline it. A new offer replaces the one not yet answered. The server prices it with the newest deal settings.',
          { name: [application.firstName, application.lastName].join(' ') },
        )}
      </p>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {i18n._('Send the offer')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {i18n._('Cancel')}
        </button>
      </div>
    </form>
  );
}

/** "Send an offer" opens the form, once the deal settings it is built from are here. */
function OfferComposer({ application }: { application: StaffApplication }) {
  const { i18n } = useLingui();
  const settings = useDealSettings();
  // The form opens on demand, so the page stays read-only until staff choose to write.
  const [writing, setWriting] = useState(false);
  if (!writing) {
    return (
      <button type="button" className="button button--secondary deal-offers__open" onClick={() => setWriting(true)}>
        {i18n._('Send an offer')}
      </button>
    );
  }
  if (settings.isError) return <ListError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <ListLoading />;
  return <OfferForm application={application} answer={settings.data} onClose={() => setWriting(false)} />;
}

/** The terms staff set on an offer; the figures they left to the car and the settings are in its lines. */
function SetTerms({ offer }: { offer: DealOffer }) {
  const titleId = `offer-${offer.id}-terms`;
  const { i18n } = useLingui();
  const language = toSupportedLanguage(i18n.locale);
  const { priceCents, aprPercent, moneyFactor, docFeeCents } = offer.terms;
  const set = [
    priceCents === null ? null : { label: i18n._('Price'), value: formatCents(priceCents, language) },
    aprPercent === null ? null : { label: i18n._('APR'), value: formatPercent(aprPercent, language) },
    moneyFactor === null ? null : { label: i18n._('Lease money factor'), value: String(moneyFactor) },
    docFeeCents === null ? null : { label: i18n._('Doc fee'), value: formatCents(docFeeCents, language) },
  ].filter((term) => term !== null);
  if (set.length === 0)
    return <p className="edit-field__hint">{i18n._('No terms set: the car’s price and the settings’ rates and fees.')}</p>;
  return (
    <div role="group" aria-labelledby={titleId} className="deal-offers__terms">
      <p id={titleId} className="deal-offers__terms-title">
        {i18n._('Terms set by staff')}
      </p>
      <dl className="detail-grid">
        {set.map(({ label, value }) => (
          <div key={label} className="detail-item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function OfferItem({ offer, toLender }: { offer: DealOffer; toLender: boolean }) {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  const when = (iso: string) => formatDateTime(iso, i18n.locale, timeZone);
  const titleId = `offer-${offer.id}-title`;
  return (
    <li className={`deal-offers__item deal-offers__item--${offer.status}`}>
      <h4 id={titleId} className="deal-offers__title">
        {i18n._('Offer sent {date}', { date: when(offer.sentAt) })}
      </h4>
      <p className="deal-offers__status">
        <span className={`deal-offers__badge deal-offers__badge--${offer.status}`}>{i18n._(STATUS_LABELS[offer.status])}</span>
        {offer.respondedAt === null ? null : <time dateTime={offer.respondedAt}>{when(offer.respondedAt)}</time>}
      </p>
      {toLender ? (
        <p className="deal-offers__lender">{i18n._('The applicant accepted this offer: it is the deal the lender receives.')}</p>
      ) : null}
      <SetTerms offer={offer} />
      <DealFigures
        input={offer.input}
        quote={offer.quote}
        settingsVersion={offer.settingsVersion}
        idPrefix={`offer-${offer.id}`}
        collapsed
      />
    </li>
  );
}

/**
 * The desk's counter-offers on the deal (docs/product/staff-dashboard.md#offers): "Send an offer"
 * while the application is in review and names a car, then every offer sent, newest first, each
 * with where it stands, the terms staff set and the payment with its disclosures. The newest
 * accepted one is what the lender receives.
 */
export function DealOffers({ application }: { application: StaffApplication }) {
  const { i18n } = useLingui();
  const inReview = awaitsDecision(application.status);
  if (!inReview && application.offers.length === 0) return null;
  const newestFirst = [...application.offers].reverse();
  const toLender = newestFirst.find((offer) => offer.status === 'accepted')?.id;
  return (
    <section className="card detail-section deal-offers" aria-labelledby="section-offers">
      <h3 id="section-offers">{i18n._('Offers')}</h3>
      {!inReview ? null : application.car === null ? (
        <p className="edit-field__hint">{i18n._('An offer prices the application’s car, and this application names none.')}</p>
      ) : (
        <OfferComposer application={application} />
      )}
      {newestFirst.length === 0 ? (
        <p className="edit-field__hint">{i18n._('No offers sent yet.')}</p>
      ) : (
        <ol className="deal-offers__list">
          {newestFirst.map((offer) => (
            <OfferItem key={offer.id} offer={offer} toLender={offer.id === toLender} />
          ))}
        </ol>
      )}
    </section>
  );
}
