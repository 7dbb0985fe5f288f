import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryCar, InventoryListItem } from '../../../../../domain/contracts/inventory.ts';
import type { Paged } from '../../../../../domain/contracts/paged.ts';
import type { CarWrite } from '../../../../../domain/inventory.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { inventoryCarQuery } from './get-inventory-car.ts';

export interface CarChange {
  uuid: string;
  /** The changed fields only. */
  patch: Partial<CarWrite>;
  /** The version the editor saw: an older one is refused with 409 stale_version and the current car. */
  version: number;
}

/** PATCH /api/inventory/{uuid}: the changed fields with the version they were made on; the listing state is one of them. */
export function patchInventoryCar({ uuid, patch, version }: CarChange): Promise<InventoryCar> {
  return apiFetch<InventoryCar>(`/api/inventory/${encodeURIComponent(uuid)}`, { method: 'PATCH', json: { ...patch, version } });
}

export function useUpdateInventoryCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchInventoryCar,
    onSuccess: async (car) => {
      queryClient.setQueryData(inventoryCarQuery(car.uuid).queryKey, car);
      // The row changes at once (a quick state change); the list is asked again when next shown.
      queryClient.setQueriesData<Paged<InventoryListItem>>({ queryKey: ['dashboard', 'inventory'] }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((item) =>
                item.uuid === car.uuid
                  ? { ...item, listingState: car.listingState, version: car.version, price: car.price, mileage: car.mileage }
                  : item,
              ),
            }
          : page,
      );
      await queryClient.invalidateQueries({ queryKey: ['dashboard', 'inventory'], refetchType: 'none' });
    },
  });
}
