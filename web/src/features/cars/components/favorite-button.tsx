import { useLingui } from '@lingui/react';
import type { CarItem } from '../../../../../domain/contracts/cars.ts';
import { useHost } from '../../../host/index.ts';
import { useToggleFavorite } from '../api/toggle-favorite.ts';

interface FavoriteButtonProps {
  car: Pick<CarItem, 'uuid' | 'is_favorite'>;
  className?: string;
  /** Called with the new state as soon as the user changes it. */
  onToggled?: (isFavorite: boolean) => void;
}

/** Heart toggle; the flag flips at once and rolls back if the server says no (toggle-favorite.ts). */
export function FavoriteButton({ car, className, onToggled }: FavoriteButtonProps) {
  const { i18n } = useLingui();
  const host = useHost();
  const toggle = useToggleFavorite();
  const label = car.is_favorite ? i18n._('Remove from favourites') : i18n._('Add to favourites');
  return (
    <button
      type="button"
      className={['favorite-button', className].filter(Boolean).join(' ')}
      aria-pressed={car.is_favorite}
      aria-label={label}
      title={label}
      onClick={() => {
        // The server toggles rather than sets, so a second click before the answer would race it.
        if (toggle.isPending) return;
        toggle.mutate({ carUuid: car.uuid, wasFavorite: car.is_favorite });
        host.haptic(car.is_favorite ? 'selection' : 'success');
        onToggled?.(!car.is_favorite);
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.4 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 5.5 3.7 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={car.is_favorite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
