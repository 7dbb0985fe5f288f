import { useLingui } from '@lingui/react';
import type { CarItem } from '../../../../../domain/contracts/cars.ts';
import { formatMoment } from '../../../../../domain/date-time.ts';
import { carConditionLabel, listingStateLabels } from '../../../../../domain/enums.ts';
import { useSite } from '../../../lib/api/get-site.ts';

/**
 * Condition and where the sale stands as words, not colour alone: pending and sold cars say which,
 * and a held car says until when, on the dealer's clock (docs/product/visits.md#holds), in place
 * of "Available".
 */
export function CarBadges({ car }: { car: Pick<CarItem, 'condition' | 'certified' | 'listingState' | 'hold'> }) {
  const { i18n } = useLingui();
  const timeZone = useSite().data?.timeZone;
  const { hold } = car;
  const until = hold ? formatMoment(hold.until, i18n.locale, timeZone, 'compact') : '';
  return (
    <ul className="car-badges">
      <li className={`car-badge car-badge--${car.certified ? 'certified' : car.condition}`}>{i18n._(carConditionLabel(car))}</li>
      {hold === null || car.listingState !== 'available' ? (
        <li className={`car-badge car-badge--${car.listingState}`}>{i18n._(listingStateLabels[car.listingState])}</li>
      ) : null}
      {hold ? (
        <li className={hold.yours ? 'car-badge car-badge--held-yours' : 'car-badge car-badge--held'}>
          {hold.yours ? i18n._('Held for you until {time}', { time: until }) : i18n._('On hold until {time}', { time: until })}
        </li>
      ) : null}
    </ul>
  );
}
