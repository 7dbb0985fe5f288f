import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffTradeInItem } from '../../../../../domain/contracts/trade-ins.ts';
import type { Paged } from '../../../../../domain/contracts/paged.ts';
import type { TRADE_IN_QUEUE_STATUSES } from '../../../../../domain/trade-ins/trade-in.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export type TradeInQueueStatus = (typeof TRADE_IN_QUEUE_STATUSES)[number];

export interface TradeInQueueQuery {
  status: TradeInQueueStatus;
  page: number;
  limit: number;
}

export const tradeInsQuery = ({ status, page, limit }: TradeInQueueQuery) =>
  queryOptions({
    queryKey: ['dashboard', 'trade-ins', { status, page, limit }],
    queryFn: ({ signal }) =>
      apiFetch<Paged<StaffTradeInItem>>(
        `/api/trade-ins?${new URLSearchParams({ status, page: String(page), limit: String(limit) }).toString()}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/trade-ins: one status's page of the queue, nothing about the owners (no passkey needed). */
export const useTradeIns = (query: TradeInQueueQuery) => useQuery(tradeInsQuery(query));
