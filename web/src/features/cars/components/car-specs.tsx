import { useLingui } from '@lingui/react';
import { carConditionLabel, carSpecLabel, type CarSpecField } from '../../../../../domain/enums.ts';
import type { CarItem } from '../../../../../domain/contracts/cars.ts';
import { useCarFormat } from '../format.ts';

/** Key specs as a definition list; a spec the dealer left empty is left out rather than shown blank. */
export function CarSpecs({ car }: { car: CarItem }) {
  const { i18n } = useLingui();
  const format = useCarFormat();
  // Electric cars are rated in MPGe (miles per gallon equivalent), not MPG.
  const mpgLabel = car.fuelType?.toLowerCase() === 'electric' ? i18n._('City / highway MPGe') : i18n._('City / highway MPG');
  const mpg = car.mpgCity !== null && car.mpgHighway !== null ? `${car.mpgCity} / ${car.mpgHighway}` : null;
  // A word from the inventory's vocabulary is translated; the dealer's own text is shown as written.
  const spec = (field: CarSpecField, value: string | null) => {
    const label = carSpecLabel(field, value);
    return label === null ? value : i18n._(label);
  };
  const rows: Array<[string, string | null]> = [
    [i18n._('Year'), String(car.year)],
    [i18n._('Mileage'), format.mileage(car.mileage)],
    [i18n._('Condition'), i18n._(carConditionLabel(car))],
    [i18n._('Body style'), spec('bodyStyle', car.bodyStyle)],
    [i18n._('Exterior colour'), car.exteriorColor],
    [i18n._('Interior colour'), car.interiorColor],
    [i18n._('Transmission'), spec('transmission', car.transmission)],
    [i18n._('Drivetrain'), spec('drivetrain', car.drivetrain)],
    [i18n._('Fuel'), spec('fuelType', car.fuelType)],
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
