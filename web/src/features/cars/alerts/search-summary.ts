import { useLingui } from '@lingui/react';
import type { SavedSearchFilters } from '../../../../../domain/cars.ts';
import { carConditionFilterLabels } from '../../../../../domain/enums.ts';
import { useCarFormat } from '../format.ts';

/** A saved search in words, with the catalogue chips' own labels: "Honda Accord · Used · Price to $30,000". */
export function useSearchSummary(): (filters: SavedSearchFilters) => string {
  const { i18n } = useLingui();
  const format = useCarFormat();
  return (filters) => {
    const parts = [
      [filters.brand, filters.model].filter(Boolean).join(' '),
      filters.condition ? i18n._(carConditionFilterLabels[filters.condition]) : '',
      filters.yearMin !== undefined ? i18n._('Year from {year}', { year: String(filters.yearMin) }) : '',
      filters.yearMax !== undefined ? i18n._('Year to {year}', { year: String(filters.yearMax) }) : '',
      filters.priceMin !== undefined ? i18n._('Price from {price}', { price: format.price(filters.priceMin) }) : '',
      filters.priceMax !== undefined ? i18n._('Price to {price}', { price: format.price(filters.priceMax) }) : '',
      filters.mileageMin !== undefined ? i18n._('Mileage from {mileage}', { mileage: format.mileage(filters.mileageMin) }) : '',
      filters.mileageMax !== undefined ? i18n._('Mileage to {mileage}', { mileage: format.mileage(filters.mileageMax) }) : '',
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(' · ') : i18n._('Any car');
  };
}
