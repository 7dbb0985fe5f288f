import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { localDateOf } from '../../../../domain/visits/visit-slots.ts';
import { ListState } from '../../components/list-state.tsx';
import { formatVisitDay, formatVisitTime, VISIT_STATUS_LABELS, VISIT_TYPE_LABELS } from '../../lib/staff/visits.ts';
import { useUserVisits } from './api/get-user-visits.ts';

/**
 * Every visit of the applicant, oldest first (docs/product/visits.md#staff-calendar): when,
 * what and which car, each a link to its day on the Visits calendar, where staff act on it.
 */
export function ApplicantVisits({ userId }: { userId: number }) {
  const { i18n } = useLingui();
  const visits = useUserVisits(userId);
  return (
    <section className="card detail-section" aria-labelledby="section-visits">
      <h3 id="section-visits">{i18n._('Visits')}</h3>
      <ListState
        query={visits}
        isEmpty={(answer) => answer.items.length === 0}
        empty={i18n._('No visits.')}
        errorText={(status) => i18n._('The visits could not be loaded (error {status}).', { status })}
      >
        {(answer) => (
          <ul className="history__list">
            {answer.items.map((visit) => {
              const day = localDateOf(new Date(visit.start), answer.timeZone);
              return (
                <li key={visit.id} className="history__item">
                  <Link to={`/dashboard/visits?date=${day}`}>
                    {formatVisitDay(day, i18n.locale)}, {formatVisitTime(visit.start, visit.end, i18n.locale, answer.timeZone)}
                  </Link>
                  <span className="history__meta">
                    {[i18n._(VISIT_TYPE_LABELS[visit.type]), visit.car.title, i18n._(VISIT_STATUS_LABELS[visit.status])].join(' · ')}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </ListState>
    </section>
  );
}
