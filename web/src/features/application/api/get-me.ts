import { queryOptions } from '@tanstack/react-query';
import type { MeAnswer } from '../../../../../domain/contracts/users.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/me: the submission names its user; a web visitor has one once a photo or a draft was saved. */
export function getMe(signal?: AbortSignal): Promise<MeAnswer> {
  return apiFetch<MeAnswer>('/api/me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'] as const,
    queryFn: ({ signal }) => getMe(signal),
  });
