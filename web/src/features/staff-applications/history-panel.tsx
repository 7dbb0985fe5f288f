import { useLingui } from '@lingui/react';
import type { ApplicationTrailEvent } from '../../../../domain/contracts/applications.ts';
import { ADVERSE_ACTION_REASONS, adverseActionReasonLabels, type AdverseActionReason } from '../../../../domain/adverse-action.ts';
import { APPLICATION_STATUSES, applicationStatusLabels, type ApplicationStatus } from '../../../../domain/enums.ts';
import { useApplicationHistory } from './api/get-application-history.ts';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDateTime } from '../../lib/staff/format.ts';
import { FIELD_LABELS } from './labels.ts';

/**
 * Views of the page, its photos and this panel are audited too, but they would bury what matters;
 * the panel shows what changed or exposed the application.
 */
const SHOWN = new Set([
  'application.submitted',
  'application.status_changed',
  'application.edited',
  'application.ssn_revealed',
  'application.pdf_downloaded',
  'application.reviewed',
  'application.assigned',
  'application.note_added',
  'application.adverse_action_notice_issued',
  'application.notice_downloaded',
  'application.lender_resent',
  'application.document_fetched_by_lender',
  'application.erased',
  'application.offer_sent',
  'application.offer_accepted',
  'application.offer_declined',
]);

const isStatus = (value: unknown): value is ApplicationStatus => (APPLICATION_STATUSES as readonly unknown[]).includes(value);

const isReason = (value: unknown): value is AdverseActionReason => (ADVERSE_ACTION_REASONS as readonly unknown[]).includes(value);

const fieldLabel = (field: unknown): string | undefined =>
  typeof field === 'string' && field in FIELD_LABELS ? FIELD_LABELS[field as keyof typeof FIELD_LABELS] : undefined;

/**
 * Who acted: a staff member by name; with no user, the lender (its decisions and photo fetches say
 * so in their details), the retention job, or else the applicant.
 */
function useActorName() {
  const { i18n } = useLingui();
  return (event: ApplicationTrailEvent): string => {
    if (event.actor) return event.actor.name;
    if (event.details.actor === 'lender') return i18n._('Lender');
    if (event.details.job === 'retention') return i18n._('Retention job');
    return i18n._('Applicant');
  };
}

function useDescribe() {
  const { i18n } = useLingui();
  const status = (value: unknown) => (isStatus(value) ? i18n._(applicationStatusLabels[value]) : '—');
  return (event: ApplicationTrailEvent): string => {
    switch (event.action) {
      case 'application.submitted':
        return i18n._('Application submitted');
      case 'application.status_changed':
        // docs/product/submission.md#submission-and-statuses: only the applicant withdraws.
        if (event.details.to === 'withdrawn') return i18n._('Withdrawn by the applicant');
        return i18n._('Status changed from {from} to {to}', { from: status(event.details.from), to: status(event.details.to) });
      case 'application.edited': {
        const fields = Array.isArray(event.details.fields) ? event.details.fields : [];
        const names = fields.map((field) => {
          const label = fieldLabel(field);
          return label ? i18n._(label) : String(field);
        });
        return i18n._('Edited: {fields}', { fields: names.join(', ') });
      }
      case 'application.ssn_revealed':
        return i18n._('SSN revealed');
      case 'application.pdf_downloaded':
        return i18n._('PDF downloaded');
      case 'application.reviewed':
        return i18n._('Review confirmed');
      case 'application.assigned':
        // The details hold user ids only; the actor is named beside every event.
        if (event.details.to === null) return i18n._('Lead left untaken');
        return event.details.to === event.actor?.id ? i18n._('Took the lead') : i18n._('Assigned the lead to another admin');
      case 'application.note_added':
        // The note's text stays in the notes panel, never in the audit.
        return event.details.contacted === true ? i18n._('Note added: contacted the applicant') : i18n._('Note added');
      case 'application.adverse_action_notice_issued': {
        const reasons = Array.isArray(event.details.reasons) ? event.details.reasons : [];
        const labels = reasons.map((reason) => (isReason(reason) ? i18n._(adverseActionReasonLabels[reason]) : String(reason)));
        return i18n._('Adverse-action notice issued: {reasons}', { reasons: labels.join('; ') });
      }
      case 'application.notice_downloaded':
        return i18n._('Adverse-action notice downloaded');
      case 'application.lender_resent':
        return i18n._('Hand-off to the lender resent');
      case 'application.document_fetched_by_lender':
        return event.details.side === 'back'
          ? i18n._('Back of license fetched by the lender')
          : i18n._('Front of license fetched by the lender');
      case 'application.erased':
        return i18n._('Personal data erased by the retention job');
      case 'application.offer_sent':
        return i18n._('Offer sent to the applicant');
      case 'application.offer_accepted':
        return i18n._('Offer accepted by the applicant');
      case 'application.offer_declined':
        return i18n._('Offer declined by the applicant');
      default:
        return event.action;
    }
  };
}

/** Who did what to the application and when (status changes, edits by field, reveals, PDFs, reviews, notices, the lender, erasure). */
export function HistoryPanel({ applicationId }: { applicationId: number }) {
  const { i18n } = useLingui();
  const history = useApplicationHistory(applicationId);
  const describe = useDescribe();
  const actorName = useActorName();
  const timeZone = useDealerTimeZone();
  return (
    <section className="card detail-section history" aria-labelledby="section-history">
      <h3 id="section-history">{i18n._('History')}</h3>
      {history.isPending ? (
        <ListLoading />
      ) : history.isError ? (
        <ListError error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <ol className="history__list">
          {history.data.items
            .filter((event) => SHOWN.has(event.action))
            .map((event) => (
              <li key={event.id} className="history__item">
                <span className="history__what">{describe(event)}</span>
                <span className="history__meta">
                  {actorName(event)} · <time dateTime={event.at}>{formatDateTime(event.at, i18n.locale, timeZone)}</time>
                </span>
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}
