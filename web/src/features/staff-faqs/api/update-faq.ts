import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaqItem, FaqPage } from '../../../../../domain/contracts/faqs.ts';
import type { FaqPatch } from '../../../../../domain/faq.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export interface FaqChange {
  id: number;
  patch: FaqPatch;
}

/** PATCH /api/faqs/{id}: the changed fields only. */
export function patchFaq({ id, patch }: FaqChange): Promise<FaqItem> {
  return apiFetch<FaqItem>(`/api/faqs/${id}`, { method: 'PATCH', json: patch });
}

export function useUpdateFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchFaq,
    onSuccess: async (saved) => {
      queryClient.setQueriesData<FaqPage>({ queryKey: ['dashboard', 'faqs'] }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === saved.id ? saved : item)) } : page,
      );
      await queryClient.invalidateQueries({ queryKey: ['dashboard', 'faqs'], refetchType: 'none' });
    },
  });
}
