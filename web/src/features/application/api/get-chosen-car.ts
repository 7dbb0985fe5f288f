import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarItem } from '../../../../../domain/cars.ts';
import { apiFetch } from '../../../lib/api-client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/cars/:uuid for the car the applicant picked; the draft may hold anything, so check first. */
export function getChosenCar(uuid: string, signal?: AbortSignal): Promise<CarItem> {
  return apiFetch<CarItem>(`/api/cars/${encodeURIComponent(uuid)}`, { signal });
}

export const chosenCarQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['application', 'chosen-car', uuid] as const,
    queryFn: ({ signal }) => getChosenCar(uuid, signal),
    enabled: UUID.test(uuid),
  });

export function useChosenCar(uuid: string) {
  return useQuery(chosenCarQueryOptions(uuid));
}
