import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from '../../../lib/api-client.ts';
import type { Language } from '../../../lib/i18n.ts';

const publicFaqSchema = v.object({
  id: v.number(),
  question: v.string(),
  answer: v.string(),
  url: v.nullable(v.string()),
  lang: v.string(),
  createdAt: v.string(),
});

export type PublicFaq = v.InferOutput<typeof publicFaqSchema>;

/** GET /api/faqs/public?lang=xx: the FAQs of one language, newest first; checked on arrival. */
export async function getPublicFaqs(lang: Language, signal?: AbortSignal): Promise<PublicFaq[]> {
  const answer = await apiFetch<unknown>(`/api/faqs/public?lang=${encodeURIComponent(lang)}`, { signal });
  return v.parse(v.array(publicFaqSchema), answer);
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
