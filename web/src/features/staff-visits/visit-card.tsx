import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import type { StaffVisit } from '../../../../domain/contracts/visits.ts';
import type { DealQuote } from '../../../../domain/deals/deal-quote.schema.ts';
import { toSupportedLanguage } from '../../../../domain/enums.ts';
import { formatCents } from '../../../../domain/format.ts';
import type { VisitOutcome } from '../../../../domain/visits/visit.schema.ts';
import { formatDateTime } from '../../lib/staff/format.ts';
import { formatVisitTime, VISIT_STATUS_LABELS, VISIT_TYPE_LABELS } from '../../lib/staff/visits.ts';
import { shownEmail, shownPhone } from './contacts.tsx';
import { DetailItem } from '../../components/staff/detail-item.tsx';

/** The deal the shopper brought: loan, lease or cash, and its monthly payment or amount due (docs/product/deal-builder.md#the-breakdown). */
function DealSummary({ quote }: { quote: DealQuote }) {
  const { i18n } = useLingui();
  const money = (cents: number) => formatCents(cents, toSupportedLanguage(i18n.locale));
  if (quote.type === 'cash') return <>{i18n._('Cash: amount due {amount}', { amount: money(quote.amountDueCents) })}</>;
  return (
    <>
      {quote.type === 'finance'
        ? i18n._('Loan: monthly payment {amount}', { amount: money(quote.paymentCents) })
        : i18n._('Lease: monthly payment {amount}', { amount: money(quote.paymentCents) })}
    </>
  );
}

/** What staff may record of a visit as it stands: a booked one arrives, is completed or is missed; one that arrived is completed. */
const OUTCOMES_BY_STATUS: Partial<Record<StaffVisit['status'], VisitOutcome[]>> = {
  booked: ['arrived', 'no_show', 'completed'],
  arrived: ['completed'],
};

const OUTCOME_LABELS: Record<VisitOutcome, string> = { arrived: 'Arrived', no_show: 'No-show', completed: 'Completed' };

interface VisitCardProps {
  visit: StaffVisit;
  timeZone: string;
  contactsShown: boolean;
  /** The outcome being sent for this visit, if any. */
  sending: VisitOutcome | undefined;
  onMove: () => void;
  onCancel: () => void;
  onOutcome: (outcome: VisitOutcome) => void;
}

/** One visit on the calendar: when, what, who, which car and deal, the note, who booked or cancelled it, and what staff may do. */
export function VisitCard({ visit, timeZone, contactsShown, sending, onMove, onCancel, onOutcome }: VisitCardProps) {
  const { i18n } = useLingui();
  const titleId = `visit-${visit.id}-time`;
  const outcomes = OUTCOMES_BY_STATUS[visit.status] ?? [];
  return (
    <article className={`card visit visit--${visit.status}`} aria-labelledby={titleId}>
      <header className="visit__header">
        <h4 id={titleId} className="visit__time">
          {formatVisitTime(visit.start, visit.end, i18n.locale, timeZone)}
        </h4>
        <span className="visit__type">{i18n._(VISIT_TYPE_LABELS[visit.type])}</span>
        <span className={`status-badge visit__status visit__status--${visit.status}`}>{i18n._(VISIT_STATUS_LABELS[visit.status])}</span>
      </header>
      <dl className="detail-grid">
        <DetailItem label={i18n._('Shopper')}>{visit.name}</DetailItem>
        <DetailItem label={i18n._('Phone')}>
          {contactsShown ? <a href={`tel:${visit.phone}`}>{shownPhone(visit.phone, true)}</a> : shownPhone(visit.phone, false)}
        </DetailItem>
        {visit.email ? <DetailItem label={i18n._('Email')}>{shownEmail(visit.email, contactsShown)}</DetailItem> : null}
        <DetailItem label={i18n._('Car')}>
          <Link to={`/dashboard/inventory/${visit.car.uuid}`}>{visit.car.title}</Link>
          {visit.car.stockNumber ? (
            <span className="visit__stock"> {i18n._('Stock #{number}', { number: visit.car.stockNumber })}</span>
          ) : null}
        </DetailItem>
        {visit.deal ? (
          <DetailItem label={i18n._('Deal')}>
            <DealSummary quote={visit.deal.quote} />
          </DetailItem>
        ) : null}
        {visit.note ? (
          <DetailItem label={i18n._('Note')}>
            <span className="visit__note">{visit.note}</span>
          </DetailItem>
        ) : null}
        <DetailItem label={i18n._('Booked by')}>
          {visit.bookedBy === 'staff'
            ? i18n._('Staff, {time}', { time: formatDateTime(visit.bookedAt, i18n.locale, timeZone) })
            : i18n._('The shopper, {time}', { time: formatDateTime(visit.bookedAt, i18n.locale, timeZone) })}
        </DetailItem>
        {visit.cancelledBy ? (
          <DetailItem label={i18n._('Cancelled by')}>{visit.cancelledBy === 'staff' ? i18n._('Staff') : i18n._('The shopper')}</DetailItem>
        ) : null}
      </dl>
      {visit.carGone && visit.status === 'booked' ? (
        <p className="notice notice--error">
          {i18n._('The car was sold or put on hold since this was booked; the shopper was told and asked to choose another car.')}
        </p>
      ) : null}
      {visit.mayChange || outcomes.length > 0 ? (
        <div className="button-row visit__actions" role="group" aria-label={i18n._('Actions for this visit')}>
          {visit.mayChange ? (
            <>
              <button type="button" className="button button--secondary" onClick={onMove}>
                {i18n._('Move to another time')}
              </button>
              <button type="button" className="button button--secondary" onClick={onCancel}>
                {i18n._('Cancel')}
              </button>
            </>
          ) : null}
          {outcomes.map((outcome) => (
            <button
              key={outcome}
              type="button"
              className="button button--secondary"
              disabled={sending !== undefined}
              aria-busy={sending === outcome || undefined}
              onClick={() => onOutcome(outcome)}
            >
              {i18n._(OUTCOME_LABELS[outcome])}
            </button>
          ))}
        </div>
      ) : null}
    </article>
  );
}
