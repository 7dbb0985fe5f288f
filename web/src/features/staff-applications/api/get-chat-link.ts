import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatLink } from '../../../../../domain/contracts/chat.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const chatLinkQuery = (userId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'chat', userId],
    queryFn: ({ signal }) => apiFetch<ChatLink>(`/api/chat/${userId}`, { signal }),
  });

/** GET /api/chat/{userId}: the applicant's staff topic, else their username link, else none. */
export const useChatLink = (userId: number) => useQuery(chatLinkQuery(userId));
