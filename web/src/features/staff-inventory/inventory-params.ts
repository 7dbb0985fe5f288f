import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { INVENTORY_LIST_DEFAULT_LIMIT, INVENTORY_SORTS, type InventorySort } from '../../../../domain/inventory.schema.ts';
import { useListParams } from '../../lib/staff/list-params.ts';

/** GET /api/inventory's filters, by their API names. */
export const INVENTORY_FILTERS = [
  'q',
  'state',
  'condition',
  'brand',
  'priceMin',
  'priceMax',
  'yearMin',
  'yearMax',
  'daysMin',
  'daysMax',
] as const;

/** Newest in stock first, as the API lists by default. */
export const DEFAULT_SORT: InventorySort = 'days_asc';

const isSort = (value: string): value is InventorySort => (INVENTORY_SORTS as readonly string[]).includes(value);

/** "price_desc" as a column and an order, for the sortable headers. */
export function splitSort(sort: InventorySort): { field: string; order: 'asc' | 'desc' } {
  const cut = sort.lastIndexOf('_');
  return { field: sort.slice(0, cut), order: sort.slice(cut + 1) === 'asc' ? 'asc' : 'desc' };
}

/**
 * What a click on a column's header asks for: the other order on the sorted column, when the API
 * has it (views and favourites sort most first only), else the column in its first order.
 */
export function nextSort(current: InventorySort, field: string, firstOrder: 'asc' | 'desc'): InventorySort {
  const { field: sortedField, order } = splitSort(current);
  const flipped = `${field}_${order === 'asc' ? 'desc' : 'asc'}`;
  if (sortedField === field) return isSort(flipped) ? flipped : current;
  const first = `${field}_${firstOrder}`;
  return isSort(first) ? first : current;
}

/**
 * The inventory list's filters, sort and page in the page URL, under the API's own names: the sort
 * is one value (`sort=price_desc`), so the URL and the API call read the same.
 */
export function useInventoryParams() {
  const list = useListParams(
    { page: 1, limit: INVENTORY_LIST_DEFAULT_LIMIT, sortField: DEFAULT_SORT, sortOrder: 'asc' },
    'sort',
    INVENTORY_FILTERS,
  );
  const [, setParams] = useSearchParams();
  const sort = isSort(list.sortField) ? list.sortField : DEFAULT_SORT;
  const query = useMemo(() => {
    const { sortOrder: _unused, ...sent } = list.query;
    return { ...sent, sort };
  }, [list.query, sort]);
  const setSort = useCallback(
    (value: InventorySort) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_SORT) next.delete('sort');
        else next.set('sort', value);
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  return { page: list.page, filters: list.filters, setFilters: list.setFilters, setPage: list.setPage, sort, setSort, query };
}
