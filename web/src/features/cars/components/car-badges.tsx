import { useLingui } from '@lingui/react';
import type { CarItem } from '../../../../../domain/contracts/cars.ts';

/** Condition and availability as words, not colour alone. */
export function CarBadges({ car }: { car: Pick<CarItem, 'condition' | 'status'> }) {
  const { i18n } = useLingui();
  return (
    <ul className="car-badges">
      <li className={`car-badge car-badge--${car.condition}`}>{car.condition === 'new' ? i18n._('New') : i18n._('Used')}</li>
      <li className={`car-badge car-badge--${car.status}`}>{car.status === 'available' ? i18n._('Available') : i18n._('Unavailable')}</li>
    </ul>
  );
}
