import { useLingui } from '@lingui/react';
import type { CarItem } from '../../../../../domain/contracts/cars.ts';

/** Condition and where the sale stands as words, not colour alone: pending and sold cars say which. */
export function CarBadges({ car }: { car: Pick<CarItem, 'condition' | 'listingState'> }) {
  const { i18n } = useLingui();
  const sale = { available: i18n._('Available'), pending: i18n._('Sale pending'), sold: i18n._('Sold') }[car.listingState];
  return (
    <ul className="car-badges">
      <li className={`car-badge car-badge--${car.condition}`}>{car.condition === 'new' ? i18n._('New') : i18n._('Used')}</li>
      <li className={`car-badge car-badge--${car.listingState}`}>{sale}</li>
    </ul>
  );
}
