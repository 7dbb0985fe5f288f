import { useLingui } from '@lingui/react';
import { useSetAtom } from 'jotai';
import { Link } from 'react-router';
import * as v from 'valibot';
import { carTitle, carUuidSchema } from '../../../../../domain/cars.ts';
import { useCar } from '../../../lib/api/get-car.ts';
import { draftCarIdAtom } from '../../../lib/application-draft.ts';
import { formatDollars } from '../../../../../domain/format.ts';
import { useTabDraft } from '../tab-draft.ts';

/** The car chosen in the catalogue (docs/product/application-wizard.md#application-wizard), with change and remove. */
export function ChosenCar() {
  const { i18n } = useLingui();
  const carId = useTabDraft()?.carId ?? '';
  const setCarId = useSetAtom(draftCarIdAtom);
  // The draft may hold anything (storage is user-editable): only a well-formed id is asked for.
  const car = useCar(carId, { enabled: v.is(carUuidSchema, carId) });
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
          {carTitle(car.data)} · {formatDollars(car.data.price, i18n.locale)}
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
