import { useLingui } from '@lingui/react';
import { Button } from '@telegram-apps/telegram-ui';
import { useRef, type RefObject } from 'react';
import { carConditionFilterLabels } from '../../../../../domain/enums.ts';
import { activeFilters, clearedFilters, withoutFilter, type CarListFilters, type NarrowingFilter } from '../car-list.ts';
import { useCarFormat } from '../format.ts';

interface ActiveFiltersProps {
  filters: CarListFilters;
  onChange: (filters: CarListFilters) => void;
  /** Where keyboard focus goes once no chip is left to take it (the results). */
  afterLast: RefObject<HTMLElement | null>;
}

/**
 * The filters in force as chips, each removable, and "Clear filters": on a phone the filter
 * panel is folded away, so this is how a shopper sees why the list is short and gets out of an
 * empty one.
 */
export function ActiveFilters({ filters, onChange, afterLast }: ActiveFiltersProps) {
  const { i18n } = useLingui();
  const format = useCarFormat();
  const list = useRef<HTMLUListElement>(null);
  const active = activeFilters(filters);
  if (active.length === 0) return null;

  const label = (key: NarrowingFilter): string => {
    switch (key) {
      case 'brand':
        return filters.brand ?? '';
      case 'model':
        return filters.model ?? '';
      case 'yearMin':
        return i18n._('Year from {year}', { year: String(filters.yearMin) });
      case 'yearMax':
        return i18n._('Year to {year}', { year: String(filters.yearMax) });
      case 'priceMin':
        return i18n._('Price from {price}', { price: format.price(filters.priceMin ?? 0) });
      case 'priceMax':
        return i18n._('Price to {price}', { price: format.price(filters.priceMax ?? 0) });
      case 'mileageMin':
        return i18n._('Mileage from {mileage}', { mileage: format.mileage(filters.mileageMin ?? 0) });
      case 'mileageMax':
        return i18n._('Mileage to {mileage}', { mileage: format.mileage(filters.mileageMax ?? 0) });
      case 'condition':
        return filters.condition ? i18n._(carConditionFilterLabels[filters.condition]) : '';
      case 'available':
        return i18n._('Unavailable cars included');
    }
  };

  // The pressed button is gone: keyboard focus moves to the next chip, or to the results when none
  // is left, instead of falling back to the page's start.
  const moveFocus = (index: number) =>
    requestAnimationFrame(() => {
      const chips = list.current?.querySelectorAll<HTMLButtonElement>('button');
      const next = chips && chips.length > 0 ? chips[Math.min(index, chips.length - 1)] : afterLast.current;
      next?.focus();
    });
  const remove = (key: NarrowingFilter, index: number) => {
    onChange(withoutFilter(filters, key));
    moveFocus(index);
  };
  const clear = () => {
    onChange(clearedFilters(filters));
    moveFocus(0);
  };

  return (
    <div className="active-filters" role="group" aria-label={i18n._('Active filters')}>
      <ul ref={list} className="active-filters__list">
        {active.map((key, index) => {
          const text = label(key);
          return (
            <li key={key}>
              <button
                type="button"
                className="filter-chip"
                aria-label={i18n._('Remove filter: {filter}', { filter: text })}
                onClick={() => remove(key, index)}
              >
                <span>{text}</span>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          );
        })}
      </ul>
      <Button type="button" mode="plain" size="s" onClick={clear}>
        {i18n._('Clear filters')}
      </Button>
    </div>
  );
}
