import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyApplicationLookup } from '../../../../domain/contracts/applications.ts';
import { apiFetch } from '../api-client.ts';
import { isKnownVisitor } from './get-me.ts';

export const myApplicationQueryKey = ['applications', 'mine'] as const;

/** GET /api/applications/mine; null when the visitor has not applied. */
export function getMyApplication(signal?: AbortSignal): Promise<MyApplicationLookup> {
  return apiFetch<MyApplicationLookup>('/api/applications/mine', { signal });
}

export const myApplicationQueryOptions = () =>
  queryOptions({
    queryKey: myApplicationQueryKey,
    queryFn: async ({ signal, client }) => ((await isKnownVisitor(client)) ? getMyApplication(signal) : null),
  });

export function useMyApplication() {
  return useQuery(myApplicationQueryOptions());
}

/**
 * Whether this visitor has applied: the header, home and a car page then offer the application's
 * status instead of a new application. undefined until the server has answered.
 */
export function useHasApplied(): boolean | undefined {
  const mine = useMyApplication();
  // A failed check offers a new application: the wizard itself shows the status if there is one.
  return mine.isPending ? undefined : Boolean(mine.data);
}
