import './visits.css';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import type { MyVisit } from '../../../../domain/contracts/visits.ts';
import { ListState } from '../../components/list-state.tsx';
import { useMyVisits } from '../../lib/api/visits.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { VisitCard } from './visit-card.tsx';

/** A visit still ahead of the shopper, or under way: booked or arrived, and not yet over. */
const isUpcoming = (visit: MyVisit, now: Date) => (visit.status === 'booked' || visit.status === 'arrived') && new Date(visit.end) > now;

/**
 * /visits (docs/product/visits.md#my-visits-and-signed-links): the shopper's test drives and holds,
 * upcoming first, each booked one to move or cancel.
 */
export default function MyVisitsPage() {
  const { i18n } = useLingui();
  const visits = useMyVisits();
  usePageTitle(i18n._('My visits'));
  return (
    <section className="page page--narrow visits" aria-labelledby="visits-title">
      <h1 id="visits-title">{i18n._('My visits')}</h1>
      <ListState
        query={visits}
        isEmpty={(answer) => answer.items.length === 0}
        errorText={() => i18n._('We could not load your visits.')}
        empty={
          <>
            <p>{i18n._('You have no visits booked.')}</p>
            <p>{i18n._('Book a test drive, or have us hold a car for you, from the car’s page.')}</p>
            <Link to="/cars" className="button button--primary">
              {i18n._('Browse cars')}
            </Link>
          </>
        }
      >
        {({ items }) => {
          const now = new Date();
          const upcoming = items.filter((visit) => isUpcoming(visit, now));
          const earlier = items.filter((visit) => !isUpcoming(visit, now));
          return (
            <>
              {upcoming.length > 0 ? (
                <section aria-labelledby="visits-upcoming">
                  <h2 id="visits-upcoming">{i18n._('Upcoming')}</h2>
                  {upcoming.map((visit) => (
                    <VisitCard key={visit.id} visit={visit} token={null} heading="h3" />
                  ))}
                </section>
              ) : null}
              {earlier.length > 0 ? (
                <section aria-labelledby="visits-earlier">
                  <h2 id="visits-earlier">{i18n._('Earlier and cancelled')}</h2>
                  {earlier.map((visit) => (
                    <VisitCard key={visit.id} visit={visit} token={null} heading="h3" />
                  ))}
                </section>
              ) : null}
            </>
          );
        }}
      </ListState>
    </section>
  );
}
