import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { DealQuoteRequest } from '../../../../domain/contracts/deals.ts';
import type { DealInput } from '../../../../domain/deals/deal-input.schema.ts';
import type { PricedDeal } from '../../../../domain/deals/deal-quote.schema.ts';
import { apiFetch } from '../api-client.ts';
import { dealsQueryKey } from './get-deal-settings.ts';

/** POST /api/deals/quote: the car's deal priced by the server's calculator; a 400 names the field at fault. */
export function quoteDeal(request: DealQuoteRequest, signal?: AbortSignal): Promise<PricedDeal> {
  return apiFetch<PricedDeal>('/api/deals/quote', { method: 'POST', json: request, signal });
}

export function quoteDealQueryOptions(carId: string, deal: DealInput | null) {
  return queryOptions({
    queryKey: [...dealsQueryKey, 'quote', carId, deal] as const,
    queryFn: deal ? ({ signal }) => quoteDeal({ carId, deal }, signal) : skipToken,
    // The last quote stays on screen while the next one is priced, so numbers never blink away.
    placeholderData: keepPreviousData,
  });
}

/** `deal` is null while the shopper has not given enough to price (no ZIP yet, no credit tier). */
export function useDealQuote(carId: string, deal: DealInput | null) {
  return useQuery(quoteDealQueryOptions(carId, deal));
}
