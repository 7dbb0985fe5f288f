import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../../../domain/contracts/paged.ts';
import type { UserListItem } from '../../../../../domain/contracts/users.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The query string of GET /api/users as the list keeps it in the page URL (the API's names, docs/product/staff-dashboard.md#users-list). */
export type UsersQuery = Record<string, string>;

export const usersQuery = (query: UsersQuery) =>
  queryOptions({
    queryKey: ['dashboard', 'users', query],
    queryFn: ({ signal }) => apiFetch<Paged<UserListItem>>(`/api/users?${new URLSearchParams(query).toString()}`, { signal }),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersQuery) => useQuery(usersQuery(query));
