import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasskeysAnswer } from '../../../../../domain/contracts/passkeys.ts';
import { apiFetch } from '../../api-client.ts';

export const passkeysQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'passkeys'],
    queryFn: ({ signal }) => apiFetch<PasskeysAnswer>('/api/auth/passkeys', { signal }),
    // Whether this session may add or must confirm a passkey changes with the clock and other tabs.
    staleTime: 0,
  });

/** GET /api/auth/passkeys: the staff member's passkeys, and what this browser's session may do with them. */
export const usePasskeys = () => useQuery(passkeysQuery());
