import './cars.css';
import { useLingui } from '@lingui/react';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { CarCard as CarCardData } from '../../../../domain/contracts/cars.ts';
import { toast } from '../../components/toasts.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { FavoriteAlerts } from './alerts/favorite-alerts.tsx';
import { useFavorites } from './api/get-favorites.ts';
import { useRecentlyViewed } from './api/get-recently-viewed.ts';
import { useToggleFavorite } from './api/toggle-favorite.ts';
import { CarCard } from './components/car-card.tsx';
import { ListState } from '../../components/list-state.tsx';
import { useTouchOnly } from './touch.ts';

function FavoritesEmpty() {
  const { i18n } = useLingui();
  const touchOnly = useTouchOnly();
  return (
    <div className="favorites-empty">
      <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.2 3.4 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 5.5 3.7 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      <p className="favorites-empty__title">{i18n._('No favourites yet')}</p>
      <p>{touchOnly ? i18n._('Tap the heart on a car to keep it here.') : i18n._('Click the heart on a car to keep it here.')}</p>
      <Link to="/cars" className="button button--primary">
        {i18n._('Browse cars')}
      </Link>
    </div>
  );
}

/**
 * Favourites (docs/product/favourites.md#favourites-and-recently-viewed): the visitor's favourite cars and the
 * ones they opened lately, as catalogue cards. Taking a car out removes its card at once, with
 * Undo in a toast to put it back in the same place.
 */
export default function FavoritesPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Favourites'));
  const favorites = useFavorites();
  const recent = useRecentlyViewed().data?.items ?? [];
  const toggle = useToggleFavorite();
  const favoritesHeading = useRef<HTMLHeadingElement>(null);
  const kept = favorites.data?.items.filter((car) => car.is_favorite) ?? [];

  const removed = (car: CarCardData) => {
    // The card and its button are gone: focus moves to the list rather than to the page's start.
    favoritesHeading.current?.focus();
    toast(i18n._('Removed from favourites'), {
      id: `favorite-removed-${car.uuid}`,
      action: { label: i18n._('Undo'), onClick: () => toggle.mutate({ carUuid: car.uuid, wasFavorite: false }) },
    });
  };

  const favoritesContent = (
    <ListState
      query={favorites}
      isEmpty={() => kept.length === 0}
      empty={<FavoritesEmpty />}
      errorText={(status) => i18n._('Error: {error}', { error: String(status) })}
    >
      {() => (
        <ul className="car-grid">
          {kept.map((car, index) => (
            <CarCard
              key={car.uuid}
              car={car}
              eager={index < 2}
              listSearch=""
              titleLevel={3}
              onFavoriteToggled={(isFavorite) => {
                if (!isFavorite) removed(car);
              }}
            />
          ))}
        </ul>
      )}
    </ListState>
  );

  return (
    <div className="cars-page favorites-page">
      <h1>{i18n._('Favourites')}</h1>
      <section aria-labelledby="favorites-title" className="favorites-page__section">
        <h2 id="favorites-title" ref={favoritesHeading} tabIndex={-1}>
          {i18n._('Your favourite cars')}
        </h2>
        {favoritesContent}
      </section>
      <FavoriteAlerts />
      {recent.length > 0 ? (
        <section aria-labelledby="recent-title" className="favorites-page__section">
          <h2 id="recent-title">{i18n._('Recently viewed')}</h2>
          <ul className="car-grid">
            {recent.map((car) => (
              <CarCard key={car.uuid} car={car} listSearch="" titleLevel={3} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
