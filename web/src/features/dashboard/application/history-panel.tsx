import { useLingui } from '@lingui/react';
import type { ApplicationTrailEvent } from '../../../../../domain/contracts/applications.ts';
import { APPLICATION_STATUSES, applicationStatusLabels, type ApplicationStatus } from '../../../../../domain/enums.ts';
import { useApplicationHistory } from '../api/get-application-history.ts';
import { ListError, ListLoading } from '../../../components/list-state.tsx';
import { useDealerTimeZone } from '../dealer-time-zone.ts';
import { formatDateTime } from '../format.ts';
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
]);

const isStatus = (value: unknown): value is ApplicationStatus => (APPLICATION_STATUSES as readonly unknown[]).includes(value);

const fieldLabel = (field: unknown): string | undefined =>
  typeof field === 'string' && field in FIELD_LABELS ? FIELD_LABELS[field as keyof typeof FIELD_LABELS] : undefined;

function useDescribe() {
  const { i18n } = useLingui();
  const status = (value: unknown) => (isStatus(value) ? i18n._(applicationStatusLabels[value]) : '—');
  return (event: ApplicationTrailEvent): string => {
    switch (event.action) {
      case 'application.submitted':
        return i18n._('Application submitted');
      case 'application.status_changed':
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
      default:
        return event.action;
    }
  };
}

/** Who did what to the application and when (status changes, edits by field, reveals, PDFs, reviews). */
export function HistoryPanel({ applicationId }: { applicationId: number }) {
  const { i18n } = useLingui();
  const history = useApplicationHistory(applicationId);
  const describe = useDescribe();
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
                  {event.actor?.name ?? i18n._('Applicant')} ·{' '}
                  <time dateTime={event.at}>{formatDateTime(event.at, i18n.locale, timeZone)}</time>
                </span>
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}
