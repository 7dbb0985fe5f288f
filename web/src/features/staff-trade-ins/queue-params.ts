import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { TRADE_IN_QUEUE_STATUSES } from '../../../../domain/trade-ins/trade-in.schema.ts';
import type { TradeInQueueStatus } from './api/get-trade-ins.ts';

export const TRADE_IN_QUEUE_LIMIT = 20;

const isQueueStatus = (value: string | null): value is TradeInQueueStatus =>
  (TRADE_IN_QUEUE_STATUSES as readonly (string | null)[]).includes(value);

/** The tab's status (new when none) and the page, in the page URL so Back and a shared link show the same list. */
export function useTradeInQueueParams() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = isQueueStatus(asked) ? asked : TRADE_IN_QUEUE_STATUSES[0];
  const typedPage = Number(params.get('page'));
  const page = Number.isSafeInteger(typedPage) && typedPage >= 1 ? typedPage : 1;
  const setPage = useCallback(
    (target: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (target <= 1) next.delete('page');
        else next.set('page', String(target));
        return next;
      }),
    [setParams],
  );
  return { status, page, setPage, query: { status, page, limit: TRADE_IN_QUEUE_LIMIT } };
}

/** A tab's link: its status (none for the first), from page 1. */
export const queueTabSearch = (status: TradeInQueueStatus) => (status === TRADE_IN_QUEUE_STATUSES[0] ? '' : `?status=${status}`);
