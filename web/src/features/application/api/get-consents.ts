import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentsAnswer } from '../../../../../domain/contracts/applications.ts';
import type { Language } from '../../../../../domain/enums.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/applications/consents?lang=: the texts the review step shows, in one language. */
export function getConsents(lang: Language, signal?: AbortSignal): Promise<ConsentsAnswer> {
  return apiFetch<ConsentsAnswer>(`/api/applications/consents?lang=${encodeURIComponent(lang)}`, { signal });
}

export const consentsQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['applications', 'consents', lang] as const,
    queryFn: ({ signal }) => getConsents(lang, signal),
    // The server lets caches keep them for five minutes; a new version comes with a deploy.
    staleTime: 5 * 60_000,
  });

export function useConsents(lang: Language) {
  return useQuery(consentsQueryOptions(lang));
}
