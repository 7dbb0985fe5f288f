import './cars.css';
import { useLingui } from '@lingui/react';
import { Button, Select } from '@telegram-apps/telegram-ui';
import { useCallback, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { CarSort } from '../../../../domain/cars.ts';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { ListState } from '../../components/list-state.tsx';
import { useCarFilters } from './api/get-car-filters.ts';
import { useCars } from './api/get-cars.ts';
import {
  DEFAULT_CAR_FILTERS,
  activeFilters,
  carListHref,
  flattenCarPages,
  isCarSort,
  parseCarFilters,
  parseCarListPage,
  serializeCarFilters,
  type CarListFilters,
} from './car-list.ts';
import { NotifyMeButton } from './alerts/notify-me-button.tsx';
import { ActiveFilters } from './components/active-filters.tsx';
import { CarCard } from './components/car-card.tsx';
import { CarFiltersForm } from './components/car-filters-form.tsx';
import { FilterField } from './components/filter-field.tsx';

/**
 * Cards on the first screen of a 390 × 844 phone, where the grid is one column (cars.css): the
 * first whole, the second in part. Their photos load eagerly, the first one ahead of everything
 * else (it is the page's largest paint); the rest load as they near the screen. A wide screen's
 * first row has more cards, but the server cannot know the width, and a lazy photo already on
 * screen is fetched as soon as the page is laid out.
 */
const FIRST_SCREEN_CARDS = 2;

/** Available Cars (docs/product/catalogue.md#catalogue): filters and sort live in the URL so a filtered list survives reload and can be shared. */
export default function CarsPage() {
  const { i18n } = useLingui();
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseCarFilters(searchParams), [searchParams]);
  const listSearch = serializeCarFilters(filters).toString();
  // Each change is a history entry, so the browser's Back undoes the last filter.
  const commit = useCallback((next: CarListFilters) => setSearchParams(serializeCarFilters(next)), [setSearchParams]);
  const activeCount = activeFilters(filters).length;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);

  const filterData = useCarFilters();
  const cars = useCars(filters, parseCarListPage(searchParams));
  const list = useMemo(() => flattenCarPages(cars.data?.pages ?? []), [cars.data]);
  const total = cars.data?.pages[0]?.total ?? 0;
  const nextPage = (cars.data?.pages.at(-1)?.page ?? 0) + 1;

  const sortLabels: Record<CarSort, string> = {
    default: i18n._('Default'),
    price_asc: i18n._('Price: low to high'),
    price_desc: i18n._('Price: high to low'),
    date_added: i18n._('Date added'),
    year_asc: i18n._('Year: oldest first'),
    year_desc: i18n._('Year: newest first'),
    mileage_asc: i18n._('Mileage: low to high'),
    mileage_desc: i18n._('Mileage: high to low'),
  };

  const results = (
    <ListState
      query={cars}
      isEmpty={() => list.length === 0}
      empty={
        <>
          <p>{i18n._('No cars found matching your criteria')}</p>
          {activeCount > 0 ? <p>{i18n._('Remove a filter above, or clear them all, to see more cars.')}</p> : null}
        </>
      }
      errorText={(status) => i18n._('Error: {error}', { error: String(status) })}
    >
      {() => (
        <>
          <ul className="car-grid">
            {list.slice(0, FIRST_SCREEN_CARDS).map((car, index) => (
              <CarCard key={car.uuid} car={car} eager priority={index === 0} listSearch={listSearch} />
            ))}
            <HydrateLater>
              {list.slice(FIRST_SCREEN_CARDS).map((car) => (
                <CarCard key={car.uuid} car={car} listSearch={listSearch} />
              ))}
            </HydrateLater>
          </ul>
          {cars.hasNextPage ? (
            <div className="cars-more">
              {/* A link to the next page for readers without JavaScript; with it, the page appends in place. */}
              <Button
                Component="a"
                role="button"
                href={carListHref(filters, nextPage)}
                mode="bezeled"
                size="l"
                loading={cars.isFetchingNextPage}
                onClick={(event: MouseEvent) => {
                  event.preventDefault();
                  void cars.fetchNextPage();
                }}
              >
                {i18n._('Load More')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </ListState>
  );

  return (
    <div className="cars-page">
      <title>{i18n._('Available Cars')}</title>
      <header className="cars-page__header">
        <h1>{i18n._('Available Cars')}</h1>
        <button
          type="button"
          className="cars-page__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={`${id}-filters`}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {activeCount > 0 ? i18n._('Filters ({count})', { count: activeCount }) : i18n._('Filters')}
        </button>
      </header>
      <div className="cars-page__layout">
        <aside id={`${id}-filters`} className="cars-page__filters" data-open={filtersOpen}>
          {/* Hidden behind its toggle on a phone. */}
          <HydrateLater>
            <CarFiltersForm
              filters={filters}
              filterData={filterData.data}
              onApply={commit}
              onReset={() => commit(DEFAULT_CAR_FILTERS)}
              onSubmitted={() => setFiltersOpen(false)}
            />
          </HydrateLater>
        </aside>
        <section ref={resultsRef} className="cars-page__results" aria-labelledby={`${id}-count`} tabIndex={-1}>
          <div className="cars-toolbar">
            <p id={`${id}-count`} className="cars-toolbar__count" role="status">
              {cars.data ? i18n._('{count, plural, one {# car found} other {# cars found}}', { count: total }) : ''}
            </p>
            <FilterField id={`${id}-sort`} label={i18n._('Sort by')} className="cars-toolbar__sort">
              {(control) => (
                <Select
                  {...control}
                  value={filters.sort}
                  onChange={(event) => {
                    if (isCarSort(event.target.value)) commit({ ...filters, sort: event.target.value });
                  }}
                >
                  {Object.entries(sortLabels).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Select>
              )}
            </FilterField>
          </div>
          <ActiveFilters filters={filters} onChange={commit} afterLast={resultsRef} />
          <NotifyMeButton filters={filters} />
          {results}
        </section>
      </div>
    </div>
  );
}
