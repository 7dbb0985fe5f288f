import { useLingui } from '@lingui/react';
import type { CarItem } from '../../../../../domain/contracts/cars.ts';
import { carConditionLabel, listingStateLabels } from '../../../../../domain/enums.ts';

/** Condition and where the sale stands as words, not colour alone: pending and sold cars say which. */
export function CarBadges({ car }: { car: Pick<CarItem, 'condition' | 'certified' | 'listingState'> }) {
  const { i18n } = useLingui();
  return (
    <ul className="car-badges">
      <li className={`car-badge car-badge--${car.certified ? 'certified' : car.condition}`}>{i18n._(carConditionLabel(car))}</li>
      <li className={`car-badge car-badge--${car.listingState}`}>{i18n._(listingStateLabels[car.listingState])}</li>
    </ul>
  );
}
