import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteAlertsState } from '../../../../../domain/contracts/alerts.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/alerts/favorites: whether the shopper hears in Telegram of their favourites' news (Telegram users only). */
export function getFavoriteAlerts(signal?: AbortSignal): Promise<FavoriteAlertsState> {
  return apiFetch<FavoriteAlertsState>('/api/alerts/favorites', { signal });
}

export const favoriteAlertsQueryKey = ['alerts', 'favorites'] as const;

export function useFavoriteAlerts() {
  return useQuery(queryOptions({ queryKey: favoriteAlertsQueryKey, queryFn: ({ signal }) => getFavoriteAlerts(signal) }));
}
