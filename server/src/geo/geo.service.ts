import type { IncomingHttpHeaders } from 'node:http';
import { normalizeCountry } from './country.ts';

/** The visitor's country as the trusted proxy's header (GEO_COUNTRY_HEADER) names it, or null. */
export function countryFromHeader(headers: IncomingHttpHeaders, countryHeader: string | undefined): string | null {
  if (!countryHeader) return null;
  const raw = headers[countryHeader];
  return normalizeCountry(Array.isArray(raw) ? raw[0] : raw);
}
