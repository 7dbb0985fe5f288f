import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaqPage } from '../../../../../domain/contracts/faqs.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** DELETE /api/faqs/{id}. */
export function deleteFaq(id: number): Promise<void> {
  return apiFetch<undefined>(`/api/faqs/${id}`, { method: 'DELETE' });
}

export function useDeleteFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFaq,
    onSuccess: async (_answer, id) => {
      // docs/product/staff-dashboard.md#faq-management: a deleted FAQ leaves the list at once.
      queryClient.setQueriesData<FaqPage>({ queryKey: ['dashboard', 'faqs'] }, (page) =>
        page ? { ...page, items: page.items.filter((item) => item.id !== id), total: Math.max(0, page.total - 1) } : page,
      );
      await queryClient.invalidateQueries({ queryKey: ['dashboard', 'faqs'], refetchType: 'none' });
    },
  });
}
