/** Lookup services name the field differently; these are the common ones. */
const COUNTRY_FIELDS = ['countryCode', 'country_code', 'country', 'countryIso', 'country_iso'] as const;

/** A two-letter code, upper-cased; Cloudflare's XX (unknown) and T1 (Tor) mean "no country". */
export function normalizeCountry(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || code === 'XX') return null;
  return code;
}

export function countryFromLookupAnswer(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  for (const field of COUNTRY_FIELDS) {
    const code = normalizeCountry((body as Record<string, unknown>)[field]);
    if (code) return code;
  }
  return null;
}

export const GEO_LOOKUP_TIMEOUT_MS = 1500;

/** Asks the configured service about one address; any failure or slowness answers null. */
export async function lookupCountry(
  lookupUrl: string,
  ip: string,
  { timeoutMs = GEO_LOOKUP_TIMEOUT_MS, fetchImpl = fetch }: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<string | null> {
  const url = lookupUrl.replaceAll('{ip}', encodeURIComponent(ip)).replaceAll('%7Bip%7D', encodeURIComponent(ip));
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`lookup answered ${response.status}`);
  return countryFromLookupAnswer(await response.json());
}
