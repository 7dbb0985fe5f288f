import { useLingui } from '@lingui/react';
import { carTitle } from '../../../../domain/cars.ts';
import type { ApplicationCar } from '../../../../domain/contracts/applications.ts';
import { carConditionLabels } from '../../../../domain/enums.ts';
import { formatMileage, formatMoney } from '../../../../domain/format.ts';

/** The car the applicant chose, as the PDF shows it; a link to its public page. */
export function ChosenCar({ car }: { car: ApplicationCar | null }) {
  const { i18n } = useLingui();
  return (
    <section className="card detail-section" aria-labelledby="section-car">
      <h3 id="section-car">{i18n._('Vehicle')}</h3>
      {car ? (
        <div className="chosen-car">
          {car.photo ? <img src={car.photo} alt="" width={160} height={100} className="chosen-car__photo" /> : null}
          <div>
            <a href={`/cars/${car.uuid}`} target="_blank" rel="noopener noreferrer" className="chosen-car__name">
              {carTitle(car)}
            </a>
            <p>
              {formatMoney(car.price)} · {i18n._(carConditionLabels[car.condition])} · {formatMileage(car.mileage, i18n.locale)}
            </p>
          </div>
        </div>
      ) : (
        <p>{i18n._('No car chosen')}</p>
      )}
    </section>
  );
}
