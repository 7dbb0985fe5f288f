import './visits.css';
import { useLingui } from '@lingui/react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ListLoading } from '../../components/list-state.tsx';
import { useVisit } from '../../lib/api/visits.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { VisitCard } from './visit-card.tsx';
import { useVisitErrorText } from './visit-errors.ts';
import { useVisitFormat } from './visit-format.ts';

const VISIT_ID = /^[1-9]\d{0,9}$/;

/** The booking screen hands over `{ booked: true }`: this page is then the booking's confirmation. */
function justBooked(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'booked' in state && state.booked === true;
}

function Booked({ type, end, timeZone }: { type: 'test_drive' | 'hold'; end: string; timeZone: string }) {
  const { i18n } = useLingui();
  const format = useVisitFormat(timeZone);
  return (
    <div className="notice notice--success" role="status">
      <p>
        {type === 'hold'
          ? i18n._('Your visit is booked, and the car is held for you until {when}.', { when: format.moment(end) })
          : i18n._('Your test drive is booked.')}
      </p>
      <p>{i18n._('We will remind you a day before and two hours before your visit.')}</p>
    </div>
  );
}

/**
 * /visits/:id (docs/product/visits.md#my-visits-and-signed-links): one visit, the booking's
 * confirmation, or what a signed link opens (`?token=`), which moves or cancels the visit without
 * signing in.
 */
export default function VisitPage() {
  const { i18n } = useLingui();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const state: unknown = useLocation().state;
  const token = search.get('token');
  const wellFormed = VISIT_ID.test(id);
  const visit = useVisit(Number(id), token, { enabled: wellFormed });
  const errorText = useVisitErrorText();
  usePageTitle(i18n._('Your visit'));

  return (
    <section className="page page--narrow visits" aria-labelledby="visit-page-title">
      <h1 id="visit-page-title">{i18n._('Your visit')}</h1>
      {!wellFormed ? <p role="alert">{i18n._('We could not find this visit.')}</p> : null}
      {wellFormed && visit.isPending ? <ListLoading /> : null}
      {visit.isError && !visit.data ? (
        <div role="alert" className="notice notice--error">
          <p>{errorText(visit.error)}</p>
        </div>
      ) : null}
      {visit.data ? (
        <>
          {justBooked(state) ? <Booked type={visit.data.type} end={visit.data.end} timeZone={visit.data.timeZone} /> : null}
          <VisitCard visit={visit.data} token={token} />
        </>
      ) : null}
      {token === null || visit.isError ? (
        <p>
          <Link to="/visits">{i18n._('All my visits')}</Link>
        </p>
      ) : null}
    </section>
  );
}
