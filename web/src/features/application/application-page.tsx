import { useLingui } from '@lingui/react';
import { useAtom } from 'jotai';
import { Link } from 'react-router';
import * as v from 'valibot';
import { carUuidSchema } from '../../../../domain/cars.ts';
import { useCar } from '../../lib/api/get-car.ts';
import { draftCarIdAtom } from '../../lib/application-draft.ts';
import { usePageTitle } from '../../lib/page-title.ts';

function ChosenCar() {
  const { i18n } = useLingui();
  const [carId, setCarId] = useAtom(draftCarIdAtom);
  // The draft may hold anything (storage is user-editable): only a well-formed id is asked for.
  const car = useCar(carId ?? '', { enabled: v.is(carUuidSchema, carId) });
  if (!carId) {
    return (
      <p>
        {i18n._('You have not chosen a car yet.')} <Link to="/cars">{i18n._('Browse cars')}</Link>
      </p>
    );
  }
  return (
    <div className="card chosen-car" aria-live="polite">
      <h2 className="chosen-car__title">{i18n._('Your chosen car')}</h2>
      {car.data ? (
        <p className="chosen-car__name">
          {car.data.year} {car.data.brand} {car.data.model} ·{' '}
          {i18n.number(car.data.price, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })}
        </p>
      ) : car.isError || !car.isFetching ? (
        <p>{i18n._('We could not load the chosen car.')}</p>
      ) : (
        <p>{i18n._('Loading...')}</p>
      )}
      <div className="button-row">
        <Link to="/cars" className="button button--secondary">
          {i18n._('Choose another car')}
        </Link>
        <button type="button" className="button button--ghost" onClick={() => setCarId('')}>
          {i18n._('Remove car')}
        </button>
      </div>
    </div>
  );
}

/** The wizard arrives with its own issue; until then an honest introduction (spec §2). */
export default function ApplicationPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Car loan application'));
  return (
    <section className="page page--narrow" aria-labelledby="application-title">
      <h1 id="application-title">{i18n._('Car loan application')}</h1>
      <p className="lead">
        {i18n._(
          'The application takes about 10 minutes: personal information, housing, income and photos of your driver license.',
        )}
      </p>
      <p className="notice">
        <strong>{i18n._('Please use Latin characters only (A–Z) when you fill in the application.')}</strong>
      </p>
      <ChosenCar />
      <div className="card coming-soon">
        <h2>{i18n._('Online application coming soon')}</h2>
        <p>{i18n._('We are finishing the online form. Until then, call or write to us and we will help you apply.')}</p>
        <Link to="/#contact" className="button button--primary">
          {i18n._('Contact us')}
        </Link>
      </div>
    </section>
  );
}
