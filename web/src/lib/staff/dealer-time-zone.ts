import { useSite } from '../api/get-site.ts';

/** The dealer's time zone (TIMEZONE, from GET /api/site) for the dashboard's times; undefined until known. */
export function useDealerTimeZone(): string | undefined {
  return useSite().data?.timeZone;
}
