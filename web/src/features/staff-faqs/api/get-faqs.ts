import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqPage } from '../../../../../domain/contracts/faqs.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The query string of GET /api/faqs as the list keeps it in the page URL (the API's names, docs/product/staff-dashboard.md#faq-management). */
export type FaqsQuery = Record<string, string>;

export const faqsQuery = (query: FaqsQuery) =>
  queryOptions({
    queryKey: ['dashboard', 'faqs', query],
    queryFn: ({ signal }) => apiFetch<FaqPage>(`/api/faqs?${new URLSearchParams(query).toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useFaqs = (query: FaqsQuery) => useQuery(faqsQuery(query));
