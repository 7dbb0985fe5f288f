import { useLingui } from '@lingui/react';
import type { CarItem } from '../../../../../domain/contracts/cars.ts';
import { carAvailabilityLabels, carConditionLabels } from '../../../../../domain/enums.ts';

/** Condition and availability as words, not colour alone. */
export function CarBadges({ car }: { car: Pick<CarItem, 'condition' | 'status'> }) {
  const { i18n } = useLingui();
  return (
    <ul className="car-badges">
      <li className={`car-badge car-badge--${car.condition}`}>{i18n._(carConditionLabels[car.condition])}</li>
      <li className={`car-badge car-badge--${car.status}`}>{i18n._(carAvailabilityLabels[car.status])}</li>
    </ul>
  );
}
