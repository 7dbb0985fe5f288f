import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryCar } from '../../../../../domain/contracts/inventory.ts';
import type { CarWrite } from '../../../../../domain/inventory.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { inventoryCarQuery } from './get-inventory-car.ts';

/** POST /api/inventory: 201 with the new car. */
export function postInventoryCar(car: CarWrite): Promise<InventoryCar> {
  return apiFetch<InventoryCar>('/api/inventory', { method: 'POST', json: car });
}

export function useCreateInventoryCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postInventoryCar,
    onSuccess: async (car) => {
      queryClient.setQueryData(inventoryCarQuery(car.uuid).queryKey, car);
      await queryClient.invalidateQueries({ queryKey: ['dashboard', 'inventory'] });
    },
  });
}
