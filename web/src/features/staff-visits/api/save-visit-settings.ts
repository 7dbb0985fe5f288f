import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitSettingsAnswer, VisitSettingsSave } from '../../../../../domain/contracts/visits.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { visitSettingsQuery } from './get-visit-settings.ts';

/**
 * PUT /api/visit-settings: the whole settings with the version they were edited from; an older
 * version is refused with 409 stale_version, an invalid value with 400 naming its path.
 */
export function useSaveVisitSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: VisitSettingsSave) => apiFetch<VisitSettingsAnswer>('/api/visit-settings', { method: 'PUT', json: save }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(visitSettingsQuery().queryKey, answer);
      // New hours change which slots are free.
      await queryClient.invalidateQueries({ queryKey: ['dashboard', 'visit-slots'] });
    },
  });
}
