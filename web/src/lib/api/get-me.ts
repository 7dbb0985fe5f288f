import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MeAnswer } from '../../../../domain/contracts/users.ts';
import { apiFetch } from '../api-client.ts';

/** GET /api/me: who is asking, and whether they are staff. */
export function getMe(signal?: AbortSignal): Promise<MeAnswer> {
  return apiFetch<MeAnswer>('/api/me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'] as const,
    queryFn: ({ signal }) => getMe(signal),
  });

/** True only once the server has said so: a visitor who is not staff never sees a staff entry. */
export function useIsAdmin(): boolean {
  return useQuery({ ...meQueryOptions(), select: (me) => me.isAdmin }).data === true;
}

/**
 * Whether the server knows this visitor (a Telegram user, or a guest who saved something). A
 * visitor it does not know has no draft and no application, so those are not asked for: a 404 a
 * first-time visitor could not avoid would only be noise in the console. Always asked afresh,
 * because an upload or a draft save turns a stranger into a guest.
 */
export async function isKnownVisitor(client: QueryClient): Promise<boolean> {
  const me = await client.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
  return me.user !== null;
}
