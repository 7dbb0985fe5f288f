import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryCar } from '../../../../../domain/contracts/inventory.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/inventory/{uuid}: a car in any state, with its photos and the version the next edit carries. */
export const inventoryCarQuery = (uuid: string) =>
  queryOptions({
    queryKey: ['dashboard', 'inventory-car', uuid],
    queryFn: ({ signal }) => apiFetch<InventoryCar>(`/api/inventory/${encodeURIComponent(uuid)}`, { signal }),
  });

export const useInventoryCar = (uuid: string) => useQuery(inventoryCarQuery(uuid));
