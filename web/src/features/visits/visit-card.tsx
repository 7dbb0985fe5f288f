import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { carTitle } from '../../../../domain/cars.ts';
import type { MyVisit, VisitSlot } from '../../../../domain/contracts/visits.ts';
import { DealDisclosures, DealHeadline } from '../../components/deals/deal-breakdown.tsx';
import { ListLoading } from '../../components/list-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCancelVisit, useCarsLike, useMoveVisit, useVisitSlots } from '../../lib/api/visits.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { NextSlots, offeredSlots, SlotPicker } from './slot-picker.tsx';
import { useVisitErrorText } from './visit-errors.ts';
import { useVisitFormat } from './visit-format.ts';
import { visitStatusLabels, visitTypeLabels } from './visit-labels.ts';

/** A signed link's token, or null for the shopper's own session. */
type Token = string | null;

/** What a visit is and when, on the dealer's clock (docs/product/visits.md#my-visits-and-signed-links). */
export function VisitDetails({ visit, titleId, heading: Heading = 'h2' }: { visit: MyVisit; titleId: string; heading?: 'h2' | 'h3' }) {
  const { i18n } = useLingui();
  const format = useVisitFormat(visit.timeZone);
  const types = visitTypeLabels(i18n);
  const statuses = visitStatusLabels(i18n);
  const listed = visit.car.listingState === 'available' && !visit.carGone;
  return (
    <>
      <Heading id={titleId} className="visit-card__title">
        {listed ? <Link to={`/cars/${visit.car.uuid}`}>{visit.car.title}</Link> : visit.car.title}
      </Heading>
      <dl className="visit-card__facts">
        <div>
          <dt>{i18n._('Visit')}</dt>
          <dd>{types[visit.type]}</dd>
        </div>
        <div>
          <dt>{i18n._('When')}</dt>
          <dd>{format.moment(visit.start)}</dd>
        </div>
        {visit.type === 'hold' && visit.status === 'booked' ? (
          <div>
            <dt>{i18n._('Car held until')}</dt>
            <dd>{format.moment(visit.end)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{i18n._('Visit status')}</dt>
          <dd>{statuses[visit.status]}</dd>
        </div>
      </dl>
      {visit.deal ? (
        <div className="visit-card__deal">
          <DealHeadline quote={visit.deal.quote} idPrefix={`${titleId}-deal`} />
          <DealDisclosures quote={visit.deal.quote} />
        </div>
      ) : null}
    </>
  );
}

/**
 * Moving a visit to another free time, and for a visit whose car is gone, to another car first
 * (PATCH /api/visits/{id} with carUuid).
 */
function MovePanel({ visit, token, onMoved }: { visit: MyVisit; token: Token; onMoved: (visit: MyVisit) => void }) {
  const { i18n } = useLingui();
  const id = useId();
  const errorText = useVisitErrorText();
  const move = useMoveVisit();
  const [carUuid, setCarUuid] = useState<string | null>(visit.carGone ? null : visit.car.uuid);
  const [start, setStart] = useState<string | null>(null);
  const [nextSlots, setNextSlots] = useState<VisitSlot[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const others = useCarsLike(visit.car.uuid, { enabled: visit.carGone });
  const slots = useVisitSlots(carUuid ?? '', { enabled: carUuid !== null });
  const choices = (others.data?.items ?? []).filter((car) => car.status === 'available' && (car.hold === null || car.hold.yours));

  const confirm = () => {
    if (start === null || carUuid === null) {
      setFailure(i18n._('Choose one of the listed times.'));
      return;
    }
    setFailure(null);
    move.mutate(
      { id: visit.id, token, start, ...(carUuid === visit.car.uuid ? {} : { carUuid }) },
      {
        onSuccess: onMoved,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'slot_full') {
            setNextSlots(offeredSlots(error.conflict.nextSlots ?? [], visit.type, new Date()));
            setStart(null);
          } else {
            setFailure(errorText(error));
          }
        },
      },
    );
  };

  return (
    <div className="visit-move">
      {visit.carGone ? (
        <fieldset className="visit-section">
          <legend className="visit-section__title">{i18n._('Pick another car')}</legend>
          {others.isPending ? <ListLoading /> : null}
          {others.data && choices.length === 0 ? <p>{i18n._('No similar cars are for sale right now.')}</p> : null}
          {others.isError ? <p role="alert">{errorText(others.error)}</p> : null}
          <div className="visit-chips">
            {choices.map((car) => (
              <label key={car.uuid} className="visit-chip">
                <input
                  type="radio"
                  className="visit-chip__input"
                  name={`${id}-car`}
                  value={car.uuid}
                  checked={carUuid === car.uuid}
                  onChange={() => {
                    setCarUuid(car.uuid);
                    setStart(null);
                  }}
                />
                <span>{carTitle(car)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {carUuid !== null && slots.isPending ? <ListLoading /> : null}
      {slots.isError ? <p role="alert">{errorText(slots.error)}</p> : null}
      <div role="alert">
        {nextSlots ? <NextSlots slots={nextSlots} timeZone={visit.timeZone} value={start} onChoose={setStart} /> : null}
      </div>
      {slots.data?.unavailable ? (
        <p role="alert">
          {slots.data.unavailable === 'car_on_hold'
            ? i18n._('Someone else is holding this car now.')
            : i18n._('This car is no longer available.')}
        </p>
      ) : null}
      {slots.data && !slots.data.unavailable ? (
        <SlotPicker idPrefix={id} answer={slots.data} type={visit.type} value={start} onChange={setStart} error={undefined} />
      ) : null}
      {failure ? (
        <p role="alert" className="field__error">
          {failure}
        </p>
      ) : null}
      {carUuid !== null ? (
        <button type="button" className="button button--primary" disabled={move.isPending} onClick={confirm}>
          {i18n._('Move to this time')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * One visit with what the shopper may do about it: move it or cancel it while it is booked and
 * has not begun (`mayChange`), pick another car when its car is gone. `token` is the signed link's,
 * sent with each change, or null for the shopper's own session.
 */
export function VisitCard({ visit, token, heading = 'h2' }: { visit: MyVisit; token: Token; heading?: 'h2' | 'h3' }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const format = useVisitFormat(visit.timeZone);
  const errorText = useVisitErrorText();
  const cancel = useCancelVisit();
  const [moving, setMoving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const panelId = `${titleId}-move`;
  const what = i18n._('{visit} of {car} on {when}', {
    visit: visitTypeLabels(i18n)[visit.type],
    car: visit.car.title,
    when: format.moment(visit.start),
  });

  return (
    <article className="visit-card card" aria-labelledby={titleId}>
      <VisitDetails visit={visit} titleId={titleId} heading={heading} />
      {visit.carGone && visit.status === 'booked' ? (
        <div className="notice">
          <p>{i18n._('This car is no longer available for your visit. You can keep the visit for another car.')}</p>
          <Link to="/cars">{i18n._('See other cars')}</Link>
        </div>
      ) : null}
      <p role="status" className="visit-card__done">
        {done}
      </p>
      {visit.mayChange ? (
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={moving}
            aria-controls={panelId}
            onClick={() => setMoving((open) => !open)}
          >
            {visit.carGone ? i18n._('Move to another car') : i18n._('Move')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            {i18n._('Cancel visit')}
          </button>
        </div>
      ) : null}
      {visit.mayChange ? (
        <div id={panelId} hidden={!moving}>
          {moving ? (
            <MovePanel
              visit={visit}
              token={token}
              onMoved={(moved) => {
                setMoving(false);
                setDone(i18n._('Your visit is moved to {when}.', { when: format.moment(moved.start) }));
              }}
            />
          ) : null}
        </div>
      ) : null}
      {cancel.isError && !confirming ? <p role="alert">{errorText(cancel.error)}</p> : null}
      <CancelDialog
        open={confirming}
        what={what}
        busy={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(
            { id: visit.id, token },
            {
              onSuccess: () => setDone(i18n._('Your visit is cancelled.')),
              onSettled: () => setConfirming(false),
            },
          )
        }
      />
    </article>
  );
}
