import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CarItem } from '../../../../../domain/contracts/cars.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { recentlyViewedQueryKey } from './get-recently-viewed.ts';

/**
 * POST /api/viewed-cars: remembers that the visitor opened a car. The server takes the user from
 * the verified identity (guest cookie or Telegram init data), so only the car travels (docs/product/favourites.md#favourites-and-recently-viewed).
 */
export function recordCarView(carUuid: string): Promise<CarItem> {
  return apiFetch<CarItem>('/api/viewed-cars', { method: 'POST', json: { carUuid } });
}

export function useRecordCarView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordCarView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recentlyViewedQueryKey }),
    // A lost view record only dents the metrics; the visitor must never see it.
    onError: () => undefined,
  });
}
