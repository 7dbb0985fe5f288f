import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealSettingsAnswer, DealSettingsSave } from '../../../../../domain/contracts/deals.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { staffDealSettingsQuery } from './get-deal-settings.ts';

/**
 * PUT /api/deal-settings: the whole settings with the version they were edited from; an older
 * version is refused with 409 stale_version, an invalid value with 400 naming its path.
 */
export function putDealSettings(save: DealSettingsSave): Promise<DealSettingsAnswer> {
  return apiFetch<DealSettingsAnswer>('/api/deal-settings', { method: 'PUT', json: save });
}

export function useSaveDealSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putDealSettings,
    onSuccess: async (answer) => {
      queryClient.setQueryData(staffDealSettingsQuery().queryKey, answer);
      // The shopper's deal form in this tab (the car pages) keeps the settings under ['deals', …]: it asks again when next shown.
      await queryClient.invalidateQueries({ queryKey: ['deals'], refetchType: 'none' });
    },
  });
}
