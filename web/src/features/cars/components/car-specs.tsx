import { useLingui } from '@lingui/react';
import type { CarItem } from '../../../../../domain/contracts/cars.ts';
import { useCarFormat } from '../format.ts';

/** Key specs as a definition list; a spec the dealer left empty is left out rather than shown blank. */
export function CarSpecs({ car }: { car: CarItem }) {
  const { i18n } = useLingui();
  const format = useCarFormat();
  // Electric cars are rated in MPGe (miles per gallon equivalent), not MPG.
  const mpgLabel = car.fuelType?.toLowerCase() === 'electric' ? i18n._('City / highway MPGe') : i18n._('City / highway MPG');
  const mpg = car.mpgCity !== null && car.mpgHighway !== null ? `${car.mpgCity} / ${car.mpgHighway}` : null;
  const bodyStyles: Record<string, string> = {
    sedan: i18n._('Sedan'),
    suv: i18n._('SUV'),
    pickup: i18n._('Pickup truck'),
    hatchback: i18n._('Hatchback'),
    coupe: i18n._('Coupe'),
    minivan: i18n._('Minivan'),
    convertible: i18n._('Convertible'),
    wagon: i18n._('Wagon'),
  };
  // Known body styles are words we translate; anything else is the dealer's own text.
  const bodyStyle = car.bodyStyle === null ? null : (bodyStyles[car.bodyStyle.toLowerCase()] ?? car.bodyStyle);
  const rows: Array<[string, string | null]> = [
    [i18n._('Year'), String(car.year)],
    [i18n._('Mileage'), format.mileage(car.mileage)],
    [i18n._('Condition'), car.condition === 'new' ? i18n._('New') : i18n._('Used')],
    [i18n._('Body style'), bodyStyle],
    [i18n._('Exterior colour'), car.exteriorColor],
    [i18n._('Interior colour'), car.interiorColor],
    [i18n._('Transmission'), car.transmission],
    [i18n._('Drivetrain'), car.drivetrain],
    [i18n._('Fuel'), car.fuelType],
    [i18n._('Engine'), car.engine],
    [mpgLabel, mpg],
    [i18n._('VIN'), car.vin],
  ];
  return (
    <dl className="car-specs">
      {rows
        .filter((row): row is [string, string] => row[1] !== null && row[1] !== '')
        .map(([label, value]) => (
          <div key={label} className={label === i18n._('VIN') ? 'car-specs__row car-specs__row--vin' : 'car-specs__row'}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
