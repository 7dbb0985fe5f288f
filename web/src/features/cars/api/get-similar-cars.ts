import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimilarCars } from '../../../../../domain/contracts/cars.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/cars/{uuid}/similar: up to 4 available cars like this one, nearest in price first (the sold car's page). */
export function getSimilarCars(uuid: string, signal?: AbortSignal): Promise<SimilarCars> {
  return apiFetch<SimilarCars>(`/api/cars/${encodeURIComponent(uuid)}/similar`, { signal });
}

export function useSimilarCars(uuid: string) {
  return useQuery(queryOptions({ queryKey: ['cars', 'similar', uuid] as const, queryFn: ({ signal }) => getSimilarCars(uuid, signal) }));
}
