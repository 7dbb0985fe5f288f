import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { CarCard as CarCardData } from '../../../../../domain/contracts/cars.ts';
import { carTitle } from '../../../../../domain/cars.ts';
import { useCarFormat } from '../format.ts';
import { CarBadges } from './car-badges.tsx';
import { CarPicture } from './car-picture.tsx';
import { FavoriteButton } from './favorite-button.tsx';

/** A card is the whole width on a phone, half on a small tablet, and a grid cell of about 220–360 px beyond (cars.css). */
const CARD_PHOTO_SIZES = '(max-width: 479.98px) 100vw, (max-width: 799.98px) 50vw, 360px';

interface CarCardProps {
  car: CarCardData;
  /** The card is on the first screen: its photo loads eagerly; any other waits until it nears the screen. */
  eager?: boolean;
  /** The page's largest paint: its photo is fetched ahead of other images. */
  priority?: boolean;
  /** The list's query string, so "Back to cars" on the details page returns to the same filters. */
  listSearch: string;
  /** h3 where the cards sit under a section heading (the favourites screen). */
  titleLevel?: 2 | 3;
  onFavoriteToggled?: (isFavorite: boolean) => void;
}

export function CarCard({ car, eager = false, priority = false, listSearch, titleLevel = 2, onFavoriteToggled }: CarCardProps) {
  const { i18n } = useLingui();
  const Title = titleLevel === 3 ? 'h3' : 'h2';
  const format = useCarFormat();
  const titleId = useId();
  const title = carTitle(car);
  return (
    <li className="car-card">
      <article aria-labelledby={titleId} className="car-card__body">
        <div className="car-card__photo">
          {car.image ? (
            <CarPicture
              image={car.image}
              alt={i18n._('Photo of {car}', { car: title })}
              sizes={CARD_PHOTO_SIZES}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
            />
          ) : null}
        </div>
        <Title className="car-card__title" id={titleId}>
          {/* The link stretches over the whole card (CSS) so the photo is clickable too. */}
          <Link to={`/cars/${car.uuid}`} state={{ listSearch }} className="car-card__link">
            {title}
          </Link>
        </Title>
        <p className="car-card__price">{format.price(car.price)}</p>
        <p className="car-card__mileage">{format.mileage(car.mileage)}</p>
        <CarBadges car={car} />
        <FavoriteButton car={car} className="car-card__favorite" onToggled={onFavoriteToggled} />
      </article>
    </li>
  );
}
