import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryListItem } from '../../../../../domain/contracts/inventory.ts';
import type { Paged } from '../../../../../domain/contracts/paged.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The query string of GET /api/inventory as the list keeps it in the page URL (the API's names). */
export type InventoryQuery = Record<string, string>;

export const inventoryQuery = (query: InventoryQuery) =>
  queryOptions({
    queryKey: ['dashboard', 'inventory', query],
    queryFn: ({ signal }) => apiFetch<Paged<InventoryListItem>>(`/api/inventory?${new URLSearchParams(query).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useInventory = (query: InventoryQuery) => useQuery(inventoryQuery(query));
