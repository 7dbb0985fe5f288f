import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { publicSiteSchema, type PublicSite } from '../../../../domain/contracts/site.ts';
import { apiFetch } from '../api-client.ts';

/** GET /api/site, checked on arrival: a page never renders from an answer of the wrong shape. */
export async function getSite(signal?: AbortSignal): Promise<PublicSite> {
  return v.parse(publicSiteSchema, await apiFetch<unknown>('/api/site', { signal }));
}

export const siteQueryOptions = () =>
  queryOptions({
    queryKey: ['site'] as const,
    queryFn: ({ signal }) => getSite(signal),
    // Configuration only changes with a restart.
    staleTime: Infinity,
  });

export function useSite() {
  return useQuery(siteQueryOptions());
}
