import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaqItem, FaqPage } from '../../../../../domain/contracts/faqs.ts';
import type { FaqCreate } from '../../../../../domain/faq.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/faqs. */
export function postFaq(faq: FaqCreate): Promise<FaqItem> {
  return apiFetch<FaqItem>('/api/faqs', { method: 'POST', json: faq });
}

export function useCreateFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postFaq,
    onSuccess: async (created) => {
      // docs/product/staff-dashboard.md#faq-management: a new FAQ is inserted at the top of the list, before any refetch answers.
      queryClient.setQueriesData<FaqPage>({ queryKey: ['dashboard', 'faqs'] }, (page) =>
        page ? { ...page, items: [created, ...page.items.filter((item) => item.id !== created.id)], total: page.total + 1 } : page,
      );
      await queryClient.invalidateQueries({ queryKey: ['dashboard', 'faqs'], refetchType: 'none' });
    },
  });
}
