import { useLingui } from '@lingui/react';
import { useRef, useState, type FormEvent } from 'react';
import type { StaffTradeIn } from '../../../../domain/contracts/trade-ins.ts';
import { toSupportedLanguage } from '../../../../domain/enums.ts';
import { formatCents } from '../../../../domain/format.ts';
import { TRADE_IN_CONDITIONS_MAX_LENGTH, TRADE_IN_OFFER_MAX_VALID_DAYS } from '../../../../domain/trade-ins/trade-in.schema.ts';
import { ErrorSummary } from '../../components/form/error-summary.tsx';
import { EditField } from '../../components/staff/edit-field.tsx';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDateTime } from '../../lib/staff/format.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { FocusedNotice } from './focused-notice.tsx';
import { usePostTradeInAction } from './api/post-trade-in-action.ts';
import { OFFER_STATUS_LABELS } from './labels.ts';
import {
  INITIAL_OFFER_VALUES,
  offerErrorsOf,
  offerErrorText,
  offerFieldId,
  TRADE_IN_OFFER_FIELDS,
  toOfferRequest,
  type TradeInOfferErrors,
  type TradeInOfferField,
  type TradeInOfferValues,
} from './offer-values.ts';

/** Staff may write to the owner (offer or question) until the trade-in is decided or taken back. */
export const takesStaffMessages = (status: StaffTradeIn['status']) => status === 'new' || status === 'offered' || status === 'expired';

const FIELD_LABELS: Record<TradeInOfferField, string> = {
  amount: 'Offer, $',
  validDays: 'Valid for, days',
  conditions: 'Conditions',
};

/**
 * The offer form: the amount in dollars, how many days it holds and its conditions. Whatever is
 * refused stays on screen, each error at its field and in the summary, which takes focus.
 */
function OfferForm({
  tradeInId,
  onSent,
  onConflict,
  onClose,
}: {
  tradeInId: number;
  onSent: () => void;
  onConflict: () => void;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const send = usePostTradeInAction(tradeInId, 'offers');
  const [values, setValues] = useState<TradeInOfferValues>(INITIAL_OFFER_VALUES);
  const [errors, setErrors] = useState<TradeInOfferErrors>({});
  const [summaryToken, setSummaryToken] = useState(0);

  const refuse = (found: TradeInOfferErrors) => {
    setErrors(found);
    setSummaryToken((token) => token + 1);
  };
  const change = (field: TradeInOfferField, text: string) => {
    setValues((current) => ({ ...current, [field]: text }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorAt = (field: TradeInOfferField | '') => {
    const message = errors[field];
    return message === undefined ? undefined : offerErrorText(i18n, message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = toOfferRequest(values);
    if (!request.ok) {
      refuse(request.errors);
      return;
    }
    setErrors({});
    send.mutate(request.offer, {
      onSuccess: () => {
        toast.success(i18n._('Offer sent. The owner is told at once.'));
        onSent();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.fields && Object.keys(error.fields).length > 0) {
          refuse(offerErrorsOf(error.fields));
          return;
        }
        if (error instanceof ApiError && error.status === 409) {
          onConflict();
          return;
        }
        // The dashboard's passkey step opens by itself (app/dashboard/passkey-prompt.tsx); staff press Send again after it.
        if (isMfaRequired(error)) return;
        toast.error(i18n._('The offer could not be sent. It is still here; please try again.'));
      },
    });
  };

  const unnamed = errorAt('');
  const summary = [
    ...TRADE_IN_OFFER_FIELDS.flatMap((field) => {
      const text = errorAt(field);
      return text === undefined ? [] : [{ key: field, fieldId: offerFieldId(field), text: `${i18n._(FIELD_LABELS[field])}: ${text}` }];
    }),
    ...(unnamed === undefined ? [] : [{ key: '', fieldId: offerFieldId(''), text: unnamed }]),
  ];

  return (
    <form className="trade-in__form" noValidate aria-labelledby="trade-in-offer-form-title" onSubmit={submit}>
      <h4 id="trade-in-offer-form-title">{i18n._('Send an offer')}</h4>
      <ErrorSummary titleId="trade-in-offer-errors-title" heading="h4" items={summary} focusToken={summaryToken} />
      {unnamed === undefined ? null : (
        <p id={offerFieldId('')} className="notice notice--error" tabIndex={-1}>
          {unnamed}
        </p>
      )}
      <EditField id={offerFieldId('amount')} label={i18n._(FIELD_LABELS.amount)} error={errorAt('amount')}>
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the staff member's own click, to type at once
            autoFocus
            value={values.amount}
            onChange={(event) => change('amount', event.target.value)}
          />
        )}
      </EditField>
      <EditField
        id={offerFieldId('validDays')}
        label={i18n._(FIELD_LABELS.validDays)}
        hint={i18n._('From 1 to {max} days.', { max: TRADE_IN_OFFER_MAX_VALID_DAYS })}
        error={errorAt('validDays')}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={values.validDays}
            onChange={(event) => change('validDays', event.target.value)}
          />
        )}
      </EditField>
      <EditField id={offerFieldId('conditions')} label={i18n._(FIELD_LABELS.conditions)} optional error={errorAt('conditions')}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={TRADE_IN_CONDITIONS_MAX_LENGTH}
            value={values.conditions}
            onChange={(event) => change('conditions', event.target.value)}
          />
        )}
      </EditField>
      <p className="edit-field__hint">
        {i18n._('The owner is told at once and may accept or decline it. A new offer replaces the one not yet answered.')}
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

/**
 * The offers made on the trade-in, newest first, each with its amount, where it stands, until when
 * it holds and its conditions; "Send an offer" while the owner can still receive one.
 */
export function TradeInOffers({ tradeIn }: { tradeIn: StaffTradeIn }) {
  const { i18n } = useLingui();
  const language = toSupportedLanguage(i18n.locale);
  const timeZone = useDealerTimeZone();
  const [writing, setWriting] = useState(false);
  const [conflicts, setConflicts] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const when = (iso: string) => formatDateTime(iso, i18n.locale, timeZone);
  const newestFirst = [...tradeIn.offers].reverse();
  return (
    <section className="card detail-section trade-in__offers" aria-labelledby="trade-in-offers">
      <h3 id="trade-in-offers" ref={heading} tabIndex={-1}>
        {i18n._('Offers')}
      </h3>
      {conflicts > 0 ? (
        <FocusedNotice key={conflicts} tone="error">
          {i18n._('The offer was not sent: the owner has withdrawn, declined or accepted this trade-in meanwhile.')}
        </FocusedNotice>
      ) : null}
      {!takesStaffMessages(tradeIn.status) ? null : writing ? (
        <OfferForm
          tradeInId={tradeIn.id}
          onClose={() => setWriting(false)}
          onConflict={() => {
            // The trade-in is refetched: the page shows where it stands now, and the form goes.
            setWriting(false);
            setConflicts((count) => count + 1);
          }}
          onSent={() => {
            setWriting(false);
            // The form goes: the list it added to is where the reader goes on.
            heading.current?.focus();
          }}
        />
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setConflicts(0);
            setWriting(true);
          }}
        >
          {i18n._('Send an offer')}
        </button>
      )}
      {newestFirst.length === 0 ? (
        <p className="edit-field__hint">{i18n._('No offers sent yet.')}</p>
      ) : (
        <ol className="trade-in__list">
          {newestFirst.map((offer) => (
            <li key={offer.id} className="trade-in__offer">
              <p className="trade-in__offer-line">
                <strong>{formatCents(offer.amountCents, language)}</strong>{' '}
                <span className={`status-badge trade-in__badge trade-in__badge--${offer.status}`}>
                  {i18n._(OFFER_STATUS_LABELS[offer.status])}
                </span>
              </p>
              <p className="history__meta">
                {i18n._('Sent {sent}, valid until {until}', { sent: when(offer.sentAt), until: when(offer.validUntil) })}
                {offer.respondedAt === null ? '' : ` · ${i18n._('Answered {date}', { date: when(offer.respondedAt) })}`}
              </p>
              {offer.conditions === null ? null : <p className="trade-in__conditions">{offer.conditions}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
