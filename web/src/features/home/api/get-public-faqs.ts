import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { faqItemSchema, type FaqItem } from '../../../../../domain/contracts/faqs.ts';
import type { Language } from '../../../../../domain/enums.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/faqs/public?lang=xx: the FAQs of one language, newest first; checked on arrival. */
export async function getPublicFaqs(lang: Language, signal?: AbortSignal): Promise<FaqItem[]> {
  const answer = await apiFetch<unknown>(`/api/faqs/public?lang=${encodeURIComponent(lang)}`, { signal });
  return v.parse(v.array(faqItemSchema), answer);
}

export const publicFaqsQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['faqs', 'public', lang] as const,
    queryFn: ({ signal }) => getPublicFaqs(lang, signal),
    staleTime: 5 * 60_000,
  });

export function usePublicFaqs(lang: Language) {
  return useQuery(publicFaqsQueryOptions(lang));
}
