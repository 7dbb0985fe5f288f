import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArchivedCarAnswer } from '../../../../../domain/contracts/inventory.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { inventoryCarQuery } from './get-inventory-car.ts';

/**
 * DELETE /api/inventory/{uuid}: 204 when the car is gone, or 200 with the car archived when
 * something refers to it (an application, a favourite), which keeps that history readable.
 */
export async function deleteInventoryCar(uuid: string): Promise<ArchivedCarAnswer | null> {
  const answer = await apiFetch<ArchivedCarAnswer | undefined>(`/api/inventory/${encodeURIComponent(uuid)}`, { method: 'DELETE' });
  return answer ?? null;
}

export function useDeleteInventoryCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInventoryCar,
    onSuccess: async (_answer, uuid) => {
      queryClient.removeQueries({ queryKey: inventoryCarQuery(uuid).queryKey });
      await queryClient.invalidateQueries({ queryKey: ['dashboard', 'inventory'] });
    },
  });
}
