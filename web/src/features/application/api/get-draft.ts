import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DraftLookup } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { isKnownVisitor } from '../../../lib/api/get-me.ts';

/** GET /api/applications/draft: the draft saved from any device, or null when there is none. */
export function getDraft(signal?: AbortSignal): Promise<DraftLookup> {
  return apiFetch<DraftLookup>('/api/applications/draft', { signal });
}

export const draftQueryOptions = () =>
  queryOptions({
    queryKey: ['applications', 'draft'] as const,
    queryFn: async ({ signal, client }) => ((await isKnownVisitor(client)) ? getDraft(signal) : null),
    // Read once on entry to offer resuming; from then on this tab's draft is the newer one.
    staleTime: Infinity,
  });

export function useServerDraft({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...draftQueryOptions(), enabled });
}
