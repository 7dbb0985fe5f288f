import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryListItem } from '../../../../../domain/contracts/inventory.ts';
import type { Paged } from '../../../../../domain/contracts/paged.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** How many cars the picker offers at once: a search narrows them. */
const PICKER_LIMIT = 10;

export const availableCarsQuery = (search: string) =>
  queryOptions({
    queryKey: ['dashboard', 'visit-cars', search.trim()],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ state: 'available', limit: String(PICKER_LIMIT) });
      if (search.trim() !== '') query.set('q', search.trim());
      return apiFetch<Paged<InventoryListItem>>(`/api/inventory?${query.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** GET /api/inventory's search (VIN, stock number, make or model) among the cars on sale: the cars a visit may be booked for. */
export const useAvailableCars = (search: string) => useQuery(availableCarsQuery(search));
