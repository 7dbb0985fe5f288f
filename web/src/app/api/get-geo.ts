import type { GeoAnswer } from '../../../../domain/contracts/site.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** Our own endpoint answers from the proxy header or a lookup service, so the browser calls no third party. */
export async function getGeo(signal?: AbortSignal): Promise<GeoAnswer> {
  const answer = await apiFetch<unknown>('/api/geo', { signal });
  const code = typeof answer === 'object' && answer !== null ? (answer as { countryCode?: unknown }).countryCode : null;
  return { countryCode: typeof code === 'string' ? code : null };
}
