import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StaffVisit, StaffVisitsAnswer, VisitCar } from '../../../../domain/contracts/visits.ts';
import { addDays, localDateOf } from '../../../../domain/visits/visit-slots.ts';
import { VISIT_TYPES, type VisitOutcome } from '../../../../domain/visits/visit.schema.ts';
import { ListState } from '../../components/list-state.tsx';
import { ConfirmDialog } from '../../components/staff/confirm-dialog.tsx';
import { ContactsMaskedNotice } from '../../components/staff/contacts-masked-notice.tsx';
import { PasskeyCheck } from '../../components/staff/passkey-check.tsx';
import { toast } from '../../components/toasts.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { formatVisitDay } from '../../lib/staff/visits.ts';
import { useCancelVisit } from './api/cancel-visit.ts';
import { useStaffVisits } from './api/get-visits.ts';
import { useRecordVisitOutcome } from './api/record-visit-outcome.ts';
import { useCalendarParams } from './calendar-params.ts';
import { useContactsShown } from './contacts.tsx';
import { MoveVisitDialog } from './move-visit-dialog.tsx';
import { VisitCard } from './visit-card.tsx';
import { useVisitChangeFailed } from './visit-change-failed.ts';
import './staff-visits.css';

const TYPE_FILTER_LABELS = { test_drive: 'Test drives', hold: 'Holds' } as const;

const DAY_MS = 86_400_000;

/** The dealer's days an answer covers, from its first: one for a day, seven for a week (a day of a clock change is 23 or 25 hours). */
function daysOf(answer: StaffVisitsAnswer): string[] {
  const first = localDateOf(new Date(answer.from), answer.timeZone);
  const count = Math.max(1, Math.round((Date.parse(answer.to) - Date.parse(answer.from)) / DAY_MS));
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

/** The cars that have visits in what is shown, by title, for the car filter. */
function carsOf(visits: StaffVisit[]): VisitCar[] {
  const cars = new Map(visits.map((visit) => [visit.car.uuid, visit.car]));
  return [...cars.values()].sort((a, b) => a.title.localeCompare(b.title));
}

const CANCEL_MESSAGES: Record<StaffVisit['channel'], string> = {
  telegram: 'The shopper is told in Telegram that the visit is cancelled.',
  email: 'The shopper is told by email that the visit is cancelled.',
  none: 'The shopper has no Telegram or email with us, so nobody tells them: call them.',
};

/**
 * `/dashboard/visits` (docs/product/visits.md#staff-calendar): the visits of a day or a week by
 * time, on the dealer's clock, narrowed by type and car, each with its actions.
 */
export function VisitsPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Visits'));
  const { query, change } = useCalendarParams();
  const visits = useStaffVisits(query);
  // The car filter offers every car with visits in the days shown, whichever car is chosen now.
  const everyCar = useStaffVisits({ ...query, carUuid: undefined });
  const contactsShown = useContactsShown();
  const outcome = useRecordVisitOutcome();
  const cancel = useCancelVisit();
  const failed = useVisitChangeFailed();
  const [moving, setMoving] = useState<StaffVisit | null>(null);
  const [cancelling, setCancelling] = useState<StaffVisit | null>(null);

  const answer = visits.data;
  const shownDay = query.date ?? (answer && !visits.isPlaceholderData ? localDateOf(new Date(answer.from), answer.timeZone) : undefined);
  const step = query.range === 'week' ? 7 : 1;
  const cars = carsOf(everyCar.data?.items ?? []);
  const chosenCar = query.carUuid;
  if (chosenCar && !cars.some((car) => car.uuid === chosenCar)) {
    const car = answer?.items.find((visit) => visit.car.uuid === chosenCar)?.car;
    cars.unshift(
      car ?? { uuid: chosenCar, title: i18n._('The car in the link'), photo: null, listingState: 'available', stockNumber: null },
    );
  }

  const record = (visit: StaffVisit, chosen: VisitOutcome) =>
    outcome.mutate(
      { id: visit.id, outcome: chosen },
      {
        onSuccess: () =>
          toast.success(
            chosen === 'arrived'
              ? i18n._('{name} is marked as arrived.', { name: visit.name })
              : chosen === 'completed'
                ? i18n._('{name}’s visit is marked as completed.', { name: visit.name })
                : i18n._('{name} is marked as a no-show.', { name: visit.name }),
          ),
        onError: (error) => failed(error, i18n._('The visit could not be updated. Please try again.')),
      },
    );

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => {
        toast.success(i18n._('Visit cancelled.'));
        setCancelling(null);
      },
      onError: (error) => {
        setCancelling(null);
        failed(error, i18n._('The visit could not be cancelled. Please try again.'));
      },
    });
  };

  return (
    <section aria-labelledby="visits-title" className="visits">
      <div className="section-heading">
        <h2 id="visits-title">{i18n._('Visits')}</h2>
        <div className="button-row">
          <Link to="/dashboard/visits/new" className="button button--primary">
            {i18n._('Book for a caller')}
          </Link>
          <Link to="/dashboard/visits/settings" className="button button--secondary">
            {i18n._('Visiting hours')}
          </Link>
        </div>
      </div>
      <div className="visits__toolbar">
        <div className="button-row" role="group" aria-label={i18n._('Days shown')}>
          <button
            type="button"
            className="button button--secondary"
            disabled={!shownDay}
            onClick={() => shownDay && change({ date: addDays(shownDay, -step) })}
          >
            {query.range === 'week' ? i18n._('Previous week') : i18n._('Previous day')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => change({ date: undefined })}>
            {i18n._('Today')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!shownDay}
            onClick={() => shownDay && change({ date: addDays(shownDay, step) })}
          >
            {query.range === 'week' ? i18n._('Next week') : i18n._('Next day')}
          </button>
        </div>
        <div className="button-row" role="group" aria-label={i18n._('Show')}>
          {(['day', 'week'] as const).map((range) => (
            <button
              key={range}
              type="button"
              className={query.range === range ? 'button button--primary' : 'button button--secondary'}
              aria-pressed={query.range === range}
              onClick={() => change({ range })}
            >
              {range === 'day' ? i18n._('One day') : i18n._('Seven days')}
            </button>
          ))}
        </div>
        <div className="filters visits__filters">
          <label className="filters__field">
            <span>{query.range === 'week' ? i18n._('First day shown') : i18n._('Day shown')}</span>
            <input type="date" value={shownDay ?? ''} onChange={(event) => change({ date: event.target.value })} />
          </label>
          <label className="filters__field">
            <span>{i18n._('Type')}</span>
            <select value={query.type ?? ''} onChange={(event) => change({ type: event.target.value })}>
              <option value="">{i18n._('Every type')}</option>
              {VISIT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {i18n._(TYPE_FILTER_LABELS[type])}
                </option>
              ))}
            </select>
          </label>
          <label className="filters__field">
            <span>{i18n._('Car')}</span>
            <select value={chosenCar ?? ''} onChange={(event) => change({ carUuid: event.target.value })}>
              <option value="">{i18n._('Every car')}</option>
              {cars.map((car) => (
                <option key={car.uuid} value={car.uuid}>
                  {car.stockNumber ? `${car.title} · ${car.stockNumber}` : car.title}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <ContactsMaskedNotice />
      {isMfaRequired(visits.error) ? (
        <PasskeyCheck />
      ) : (
        <ListState query={visits} isEmpty={() => false} empty={null}>
          {(loaded) => (
            <>
              <p className="visits__zone">{i18n._('Times are on the dealer’s clock, {zone}.', { zone: loaded.timeZone })}</p>
              {daysOf(loaded).map((day) => {
                const dayVisits = loaded.items
                  .filter((visit) => localDateOf(new Date(visit.start), loaded.timeZone) === day)
                  .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
                return (
                  <section key={day} className="visits__day" aria-labelledby={`visits-day-${day}`}>
                    <h3 id={`visits-day-${day}`}>{formatVisitDay(day, i18n.locale)}</h3>
                    {dayVisits.length === 0 ? (
                      <p role="status" className="visits__none">
                        {i18n._('No visits.')}
                      </p>
                    ) : (
                      <ol className="visits__list">
                        {dayVisits.map((visit) => (
                          <li key={visit.id}>
                            <VisitCard
                              visit={visit}
                              timeZone={loaded.timeZone}
                              contactsShown={contactsShown}
                              sending={outcome.isPending && outcome.variables.id === visit.id ? outcome.variables.outcome : undefined}
                              onMove={() => setMoving(visit)}
                              onCancel={() => setCancelling(visit)}
                              onOutcome={(chosen) => record(visit, chosen)}
                            />
                          </li>
                        ))}
                      </ol>
                    )}
                  </section>
                );
              })}
            </>
          )}
        </ListState>
      )}
      <MoveVisitDialog visit={moving} onClose={() => setMoving(null)} />
      <ConfirmDialog
        open={cancelling !== null}
        title={cancelling ? i18n._('Cancel {name}’s visit?', { name: cancelling.name }) : ''}
        message={
          cancelling
            ? [
                cancelling.type === 'hold'
                  ? i18n._('{name}’s hold on {car} will be cancelled, and the car is free to book again.', {
                      name: cancelling.name,
                      car: cancelling.car.title,
                    })
                  : i18n._('{name}’s test drive of {car} will be cancelled.', { name: cancelling.name, car: cancelling.car.title }),
                i18n._(CANCEL_MESSAGES[cancelling.channel]),
              ].join(' ')
            : ''
        }
        confirmLabel={i18n._('Yes, cancel the visit')}
        danger
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setCancelling(null)}
      />
    </section>
  );
}
