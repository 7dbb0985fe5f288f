import './visits.css';
import { useLingui } from '@lingui/react';
import { Button } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import * as v from 'valibot';
import { carTitle, carUuidSchema } from '../../../../domain/cars.ts';
import type { CarItem } from '../../../../domain/contracts/cars.ts';
import { HOLD_MAX_HOURS } from '../../../../domain/visits/visit-rules.ts';
import type { VisitType } from '../../../../domain/visits/visit.schema.ts';
import { ListLoading } from '../../components/list-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCar } from '../../lib/api/get-car.ts';
import { useVisitSlots } from '../../lib/api/visits.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { BookingForm } from './booking-form.tsx';
import { useAddressDeal } from './deal-attachment.tsx';
import { useVisitErrorText } from './visit-errors.ts';

/** The type in the address; anything else is a test drive. */
const typeOf = (search: URLSearchParams): VisitType => (search.get('type') === 'hold' ? 'hold' : 'test_drive');

/** Why the car cannot be booked, with a way to another car. */
function NotBookable({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="notice notice--error visit-blocked">
      <p>{children}</p>
      <Link to="/cars" className="button button--secondary">
        {i18n._('See other cars')}
      </Link>
    </div>
  );
}

/**
 * /cars/:uuid/visit?type=test_drive|hold (docs/product/visits.md#booking): a test drive or a hold
 * of one car at a free time. The car page's deal parameters ride along in the address, so the deal
 * can go with the booking.
 */
export default function BookVisitPage() {
  const { uuid = '' } = useParams();
  const { i18n } = useLingui();
  const [search, setSearch] = useSearchParams();
  const wellFormed = v.is(carUuidSchema, uuid);
  const car = useCar(uuid, { enabled: wellFormed });
  const type = typeOf(search);
  const title = type === 'hold' ? i18n._('Hold this car for me') : i18n._('Book a test drive');
  usePageTitle(title);

  const chooseType = (next: VisitType) =>
    setSearch(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('type', next);
        return updated;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (!wellFormed || (car.isError && car.error instanceof ApiError && car.error.status === 404)) {
    body = <NotBookable>{i18n._("We couldn't find this car")}</NotBookable>;
  } else if (car.isPending) {
    body = <ListLoading />;
  } else if (car.isError) {
    body = (
      <div role="alert">
        <p>{i18n._('Something went wrong. Please try again.')}</p>
        <Button type="button" mode="outline" size="s" onClick={() => void car.refetch()}>
          {i18n._('Try again')}
        </Button>
      </div>
    );
  } else {
    body = <CarBooking car={car.data} type={type} onType={chooseType} search={search} />;
  }

  return (
    <section className="page page--narrow visits" aria-labelledby="visit-title">
      <h1 id="visit-title">{title}</h1>
      {body}
    </section>
  );
}

function CarBooking({
  car,
  type,
  onType,
  search,
}: {
  car: CarItem;
  type: VisitType;
  onType: (type: VisitType) => void;
  search: URLSearchParams;
}) {
  const { i18n } = useLingui();
  const errorText = useVisitErrorText();
  const heldByOther = car.hold !== null && !car.hold.yours;
  const bookable = car.status === 'available' && !heldByOther;
  const slots = useVisitSlots(car.uuid, { enabled: bookable });
  const deal = useAddressDeal(search);

  const carLink = (
    <p className="lead">
      <Link to={`/cars/${car.uuid}`}>{carTitle(car)}</Link>
    </p>
  );
  if (!bookable) {
    return (
      <>
        {carLink}
        <NotBookable>
          {heldByOther ? i18n._('Someone else is holding this car now.') : i18n._('This car is no longer available.')}
        </NotBookable>
      </>
    );
  }

  return (
    <>
      {carLink}
      <fieldset className="visit-section visit-types" aria-describedby="visit-type-about">
        <legend className="visit-section__title">{i18n._('What would you like?')}</legend>
        <div className="visit-chips">
          {(['test_drive', 'hold'] as const).map((each) => (
            <label key={each} className="visit-chip">
              <input
                type="radio"
                className="visit-chip__input"
                name="visit-type"
                value={each}
                checked={type === each}
                onChange={() => onType(each)}
              />
              <span>{each === 'hold' ? i18n._('Hold the car') : i18n._('Test drive')}</span>
            </label>
          ))}
        </div>
        <p id="visit-type-about" className="visit-field__hint">
          {type === 'hold'
            ? i18n._(
                'We keep the car for you until the end of your visit, at most {hours} hours from now. Nobody else can book or buy it meanwhile.',
                {
                  hours: HOLD_MAX_HOURS,
                },
              )
            : i18n._('Come and drive the car with one of our team.')}
        </p>
      </fieldset>
      {slots.isPending ? <ListLoading /> : null}
      {slots.isError ? (
        <div role="alert">
          <p>{errorText(slots.error)}</p>
          <Button type="button" mode="outline" size="s" onClick={() => void slots.refetch()}>
            {i18n._('Try again')}
          </Button>
        </div>
      ) : null}
      {slots.data?.unavailable ? (
        <NotBookable>
          {slots.data.unavailable === 'car_on_hold'
            ? i18n._('Someone else is holding this car now.')
            : i18n._('This car is no longer available.')}
        </NotBookable>
      ) : null}
      {slots.data && !slots.data.unavailable ? <BookingForm car={car} type={type} answer={slots.data} deal={deal} /> : null}
    </>
  );
}
