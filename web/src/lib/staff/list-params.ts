import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListDefaults {
  page: number;
  limit: number;
  sortField: string;
  sortOrder: 'asc' | 'desc';
}

export interface ListParams {
  page: number;
  limit: number;
  sortField: string;
  sortOrder: 'asc' | 'desc';
  /** Every filter in the URL, by its API name. */
  filters: Record<string, string>;
  /** What the API is asked: only non-empty values (docs/product/api.md#api: filters are sent only when non-empty). */
  query: Record<string, string>;
  /** Replaces the filters and goes back to page 1 (setting filters resets the page). */
  setFilters: (filters: Record<string, string>) => void;
  setPage: (page: number) => void;
  /**
   * A click on the sorted column flips the order; on another column sorts by it in the order that
   * column starts with (text A to Z, dates newest first).
   */
  toggleSort: (field: string, firstOrder: 'asc' | 'desc') => void;
}

const positive = (text: string | null, fallback: number) => {
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : fallback;
};

/**
 * A list's filters, sort and page kept in the page URL, so reload, Back and a shared link all show
 * the same list. `sortKey` is the API's name of the sort parameter (sortBy for users, sortField for FAQs).
 */
export function useListParams(defaults: ListDefaults, sortKey: string, filterNames: readonly string[]): ListParams {
  const [params, setParams] = useSearchParams();
  const page = positive(params.get('page'), defaults.page);
  const limit = positive(params.get('limit'), defaults.limit);
  const sortField = params.get(sortKey) ?? defaults.sortField;
  const sortOrder = params.get('sortOrder') === 'asc' ? 'asc' : params.get('sortOrder') === 'desc' ? 'desc' : defaults.sortOrder;
  // The filters' content as one string: the object below is new only when a value changes.
  const filterKey = JSON.stringify(filterNames.map((name) => [name, params.get(name) ?? '']));
  const filters = useMemo(() => Object.fromEntries(JSON.parse(filterKey) as Array<[string, string]>), [filterKey]);

  const query = useMemo(() => {
    const sent: Record<string, string> = { page: String(page), limit: String(limit), [sortKey]: sortField, sortOrder };
    for (const [name, value] of Object.entries(filters)) if (value.trim() !== '') sent[name] = value.trim();
    return sent;
  }, [filters, limit, page, sortField, sortKey, sortOrder]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      }),
    [setParams],
  );

  const setFilters = useCallback(
    (values: Record<string, string>) =>
      update((next) => {
        for (const name of filterNames) {
          const value = (values[name] ?? '').trim();
          if (value === '') next.delete(name);
          else next.set(name, value);
        }
        next.delete('page');
      }),
    [filterNames, update],
  );

  const setPage = useCallback(
    (target: number) => update((next) => (target <= defaults.page ? next.delete('page') : next.set('page', String(target)))),
    [defaults.page, update],
  );

  const toggleSort = useCallback(
    (field: string, firstOrder: 'asc' | 'desc') =>
      update((next) => {
        const order = field === sortField ? (sortOrder === 'asc' ? 'desc' : 'asc') : firstOrder;
        next.set(sortKey, field);
        next.set('sortOrder', order);
        next.delete('page');
      }),
    [sortField, sortKey, sortOrder, update],
  );

  return { page, limit, sortField, sortOrder, filters, query, setFilters, setPage, toggleSort };
}
