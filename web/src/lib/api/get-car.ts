import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarItem } from '../../../../domain/contracts/cars.ts';
import { apiFetch } from '../api-client.ts';

/** GET /api/cars/{uuid}: one car, 404 when unknown; the car page and the application's chosen car. */
export function getCar(uuid: string, signal?: AbortSignal): Promise<CarItem> {
  return apiFetch<CarItem>(`/api/cars/${encodeURIComponent(uuid)}`, { signal });
}

const carDetailsQueryKey = ['cars', 'detail'] as const;

export function getCarQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: [...carDetailsQueryKey, uuid] as const,
    queryFn: ({ signal }) => getCar(uuid, signal),
    // A car that is not there stays not there: a page that mounts with that answer (a server-rendered
    // 404 among them) shows it rather than asking again.
    retryOnMount: false,
  });
}

/** `enabled` is false for a malformed id: the page shows "not found" without asking the server. */
export function useCar(uuid: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCarQueryOptions(uuid), enabled });
}
