import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from '../api-client.ts';

/** GET /api/site: the public part of the configuration (company block, bot, sign-in options). */
const siteSchema = v.object({
  company: v.object({
    name: v.string(),
    address: v.string(),
    phone: v.string(),
    email: v.string(),
    socialLinks: v.array(v.string()),
  }),
  botUsername: v.nullable(v.pipe(v.string(), v.regex(/^\w{5,32}$/))),
  telegramLoginEnabled: v.boolean(),
});

export type SiteInfo = v.InferOutput<typeof siteSchema>;

/** Checked on arrival: a page never renders from an answer of the wrong shape. */
export async function getSite(signal?: AbortSignal): Promise<SiteInfo> {
  return v.parse(siteSchema, await apiFetch<unknown>('/api/site', { signal }));
}

export const siteQueryOptions = () =>
  queryOptions({
    queryKey: ['site'] as const,
    queryFn: ({ signal }) => getSite(signal),
    // Configuration only changes with a restart.
    staleTime: Infinity,
  });

export function useSite() {
  return useQuery(siteQueryOptions());
}
