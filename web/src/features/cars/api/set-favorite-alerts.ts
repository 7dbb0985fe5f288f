import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { FavoriteAlertsState } from '../../../../../domain/contracts/alerts.ts';
import { toast } from '../../../components/toasts.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { favoriteAlertsQueryKey } from './get-favorite-alerts.ts';

/** PUT /api/alerts/favorites. */
export function setFavoriteAlerts(enabled: boolean): Promise<FavoriteAlertsState> {
  return apiFetch<FavoriteAlertsState>('/api/alerts/favorites', { method: 'PUT', json: { enabled } });
}

/** The switch moves at once; a failure puts it back and says so. */
export function useSetFavoriteAlerts() {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  return useMutation({
    mutationFn: setFavoriteAlerts,
    onMutate: (enabled) => {
      const before = queryClient.getQueryData<FavoriteAlertsState>(favoriteAlertsQueryKey);
      queryClient.setQueryData<FavoriteAlertsState>(favoriteAlertsQueryKey, { enabled });
      return { before };
    },
    onSuccess: (state) => queryClient.setQueryData(favoriteAlertsQueryKey, state),
    onError: (_error, _enabled, context) => {
      queryClient.setQueryData(favoriteAlertsQueryKey, context?.before);
      toast.error(i18n._('Could not change your alerts. Please try again.'));
    },
  });
}
