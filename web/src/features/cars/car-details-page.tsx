import './cars.css';
import { useLingui } from '@lingui/react';
import { Button } from '@telegram-apps/telegram-ui';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import * as v from 'valibot';
import { carTitle, carUuidSchema } from '../../../../domain/cars.ts';
import type { CarItem } from '../../../../domain/contracts/cars.ts';
import type { VisitType } from '../../../../domain/visits/visit.schema.ts';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { useHost, useMainButton } from '../../host/index.ts';
import { useCar } from '../../lib/api/get-car.ts';
import { useHasApplied } from '../../lib/api/get-my-application.ts';
import { draftCarIdAtom } from '../../lib/application-draft.ts';
import { carStartParam } from '../../../../domain/start-links.ts';
import { useShareLink } from '../../lib/share-link.ts';
import { useRecordCarView } from './api/record-car-view.ts';
import { useSimilarCars } from './api/get-similar-cars.ts';
import { CarBadges } from './components/car-badges.tsx';
import { CarCard } from './components/car-card.tsx';
import { CarSpecs } from './components/car-specs.tsx';
import { DealBuilder } from './components/deal-builder.tsx';
import { FavoriteButton } from './components/favorite-button.tsx';
import { PhotoGallery } from './components/photo-gallery.tsx';
import { errorStatusText, isNotFound } from './error-text.ts';
import { useCarFormat } from './format.ts';

/**
 * "Back to cars": the list's query string travels in router state, so the link names the same
 * filters. When the car was opened from that list, a plain click goes back in history instead,
 * so the list returns where it was scrolled to (with its loaded pages), as the browser's Back does.
 */
function BackToCars() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const search = typeof state === 'object' && state !== null && 'listSearch' in state ? state.listSearch : undefined;
  const fromList = typeof search === 'string';
  const href = fromList && search !== '' ? `/cars?${search}` : '/cars';
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!fromList || !plainClick) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Link to={href} className="car-details__back" onClick={goBack}>
      <span aria-hidden="true">←</span>
      {i18n._('Back to cars')}
    </Link>
  );
}

export default function CarDetailsPage() {
  const { uuid = '' } = useParams();
  const { i18n } = useLingui();
  const host = useHost();
  const wellFormed = v.is(carUuidSchema, uuid);
  const car = useCar(uuid, { enabled: wellFormed });

  // Inside Telegram the native Back button is the way back; a second one would compete.
  const backLink = host.kind === 'telegram' ? null : <BackToCars />;

  if (!wellFormed || (car.isError && isNotFound(car.error))) {
    return (
      <div className="car-details car-details--state">
        <title>{i18n._("We couldn't find this car")}</title>
        <h1>{i18n._("We couldn't find this car")}</h1>
        <p>{i18n._('It may have been sold, or the link may be incomplete.')}</p>
        {backLink}
      </div>
    );
  }
  if (car.isPending) {
    return (
      <div className="car-details car-details--state">
        {backLink}
        <p className="cars-state">{i18n._('Loading...')}</p>
      </div>
    );
  }
  if (car.isError) {
    return (
      <div className="car-details car-details--state">
        {backLink}
        <p role="alert">{i18n._('Error: {error}', { error: errorStatusText(car.error) })}</p>
        <Button type="button" mode="outline" size="s" onClick={() => void car.refetch()}>
          {i18n._('Try again')}
        </Button>
      </div>
    );
  }
  return <CarDetails key={car.data.uuid} car={car.data} backLink={backLink} />;
}

function CarDetails({ car, backLink }: { car: CarItem; backLink: ReactNode }) {
  const { i18n } = useLingui();
  const format = useCarFormat();
  const host = useHost();
  const navigate = useNavigate();
  const setDraftCarId = useSetAtom(draftCarIdAtom);
  const shareLink = useShareLink();
  const title = carTitle(car);

  // One view per opened page (StrictMode runs effects twice in development); failures are ignored.
  const { mutate: recordView } = useRecordCarView();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (recorded.current === car.uuid) return;
    recorded.current = car.uuid;
    recordView(car.uuid);
  }, [car.uuid, recordView]);

  // Someone who has applied sees their application (the wizard says what they can do about this
  // car); nobody is offered a loan for a car that is sold or on hold. Nothing shows until the
  // server has said which, so the button never changes its word under a finger.
  const applied = useHasApplied();
  // A car another shopper holds (docs/product/visits.md#holds) is neither financed nor booked by anyone else meanwhile.
  const heldByOther = car.hold !== null && !car.hold.yours;
  const available = car.status === 'available' && !heldByOther;
  useMainButton({
    text: applied ? i18n._('See your application') : i18n._('Apply for financing'),
    visible: applied === true || (applied === false && available),
    onClick: () => {
      if (applied) {
        void navigate(`/application?car=${car.uuid}`);
        return;
      }
      setDraftCarId(car.uuid);
      void navigate('/application');
    },
  });

  const share = () => {
    const url = shareLink(`/cars/${car.uuid}`, carStartParam(car.uuid));
    void host.share({ url, text: i18n._('{car} for {price}', { car: title, price: format.price(car.price) }) });
  };

  return (
    <article className="car-details" aria-labelledby="car-details-title">
      <title>{title}</title>
      {backLink}
      {/* One grid: the summary and the deal share the right column, so neither leaves a gap beside the photos. */}
      <div className="car-details__layout">
        <PhotoGallery photos={car.images} title={title} />
        <div className="car-details__aside">
          <div className="car-details__summary">
            <h1 id="car-details-title">{title}</h1>
            <p className="car-details__price">{format.price(car.price)}</p>
            <p className="car-details__mileage">{format.mileage(car.mileage)}</p>
            <CarBadges car={car} />
            {car.listingState === 'pending' ? (
              <p className="car-details__unavailable">{i18n._('A sale of this car is pending, so it cannot be financed now.')}</p>
            ) : null}
            {car.listingState === 'sold' ? <p className="car-details__unavailable">{i18n._('This car has been sold.')}</p> : null}
            {heldByOther ? (
              <p className="car-details__unavailable">
                {i18n._('Another shopper is holding this car, so it cannot be booked or financed until the hold ends.')}
              </p>
            ) : null}
            <div className="car-details__actions">
              <FavoriteButton car={car} />
              <button type="button" className="share-button" onClick={share}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path
                    d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                {i18n._('Share')}
              </button>
            </div>
          </div>
          {/* From here down the page is below a phone's first screen: hydrated after the photo and the summary. */}
          {/* A car that is sold or pending cannot be priced (the quote answers 409), so only an available one has a deal. */}
          {car.status === 'available' ? (
            <HydrateLater>
              <DealBuilder car={car} canApply={applied === false && !heldByOther} />
            </HydrateLater>
          ) : null}
          {/* Under the deal and its Apply, so the deal keeps its place right below Share. */}
          {available ? (
            <HydrateLater>
              <VisitActions car={car} />
            </HydrateLater>
          ) : null}
        </div>
        <HydrateLater>
          <div className="car-details__info">
            <section aria-labelledby="car-specs-title">
              <h2 id="car-specs-title">{i18n._('Key specs')}</h2>
              <CarSpecs car={car} />
            </section>
            {car.features.length > 0 ? (
              <section aria-labelledby="car-features-title">
                <h2 id="car-features-title">{i18n._('Features')}</h2>
                <ul className="car-features">
                  {car.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </section>
            ) : null}
            {car.description ? (
              <section aria-labelledby="car-description-title">
                <h2 id="car-description-title">{i18n._('Description')}</h2>
                <p className="car-details__description">{car.description}</p>
              </section>
            ) : null}
          </div>
        </HydrateLater>
        {car.listingState === 'sold' ? (
          <HydrateLater>
            <SimilarCarsSection uuid={car.uuid} />
          </HydrateLater>
        ) : null}
      </div>
    </article>
  );
}

/**
 * Below the deal and its Apply, a test drive or a hold (docs/product/visits.md#booking). The booking screen's address
 * carries the page's own parameters, the deal the builder wrote among them, read when the link is
 * followed: the builder writes the address without a navigation (components/deal-builder.tsx).
 */
function VisitActions({ car }: { car: CarItem }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { search } = useLocation();
  const visitPath = (type: VisitType, pageSearch: string) => {
    const params = new URLSearchParams(pageSearch);
    params.set('type', type);
    return `/cars/${car.uuid}/visit?${params.toString()}`;
  };
  const follow = (type: VisitType) => (event: MouseEvent<HTMLAnchorElement>) => {
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!plainClick) return;
    event.preventDefault();
    void navigate(visitPath(type, window.location.search));
  };
  return (
    <div className="car-details__visit">
      <Link to={visitPath('test_drive', search)} className="button button--secondary" onClick={follow('test_drive')}>
        {i18n._('Book a test drive')}
      </Link>
      {car.hold?.yours ? (
        <Link to="/visits" className="button button--secondary">
          {i18n._('My visits')}
        </Link>
      ) : (
        <Link to={visitPath('hold', search)} className="button button--secondary" onClick={follow('hold')}>
          {i18n._('Hold this car for me')}
        </Link>
      )}
    </div>
  );
}

/** docs/product/catalogue.md#car-page: a sold car's page offers available cars like it instead. */
function SimilarCarsSection({ uuid }: { uuid: string }) {
  const { i18n } = useLingui();
  const similar = useSimilarCars(uuid);
  return (
    <section className="car-details__similar" aria-labelledby="car-similar-title">
      <h2 id="car-similar-title">{i18n._('Similar cars for sale')}</h2>
      {similar.isPending ? <p className="cars-state">{i18n._('Loading...')}</p> : null}
      {similar.isError ? <p role="alert">{i18n._('Error: {error}', { error: errorStatusText(similar.error) })}</p> : null}
      {similar.data?.items.length === 0 ? <p>{i18n._('No similar cars are for sale right now.')}</p> : null}
      {similar.data && similar.data.items.length > 0 ? (
        <ul className="car-grid">
          {similar.data.items.map((card) => (
            <CarCard key={card.uuid} car={card} listSearch="" titleLevel={3} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
