import { useQuery } from '@tanstack/react-query';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import type { DealSettingsAnswer } from '../../../../../domain/contracts/deals.ts';
import type { ApplicationDeal } from '../../../../../domain/deals/application-deal.schema.ts';
import type { DealQuote } from '../../../../../domain/deals/deal-quote.schema.ts';
import { getDealSettingsQueryOptions } from '../../../lib/api/get-deal-settings.ts';
import { quoteDealQueryOptions } from '../../../lib/api/quote-deal.ts';
import { draftCarIdAtom, draftDealAtom, type DraftDeal } from '../../../lib/application-draft.ts';
import { parseDealParams, toDealRequest, type DealChoice } from '../../../lib/deals/deal-choice.ts';

/**
 * Set when the deal was dropped because the application's car changed (it was priced for another
 * car), so the review step can say so; cleared by the next deal. In memory: the notice is for this visit.
 */
export const dealDroppedAtom = atom(false);

/** What the review step has of the applicant's deal (docs/product/deal-builder.md#the-deal-in-the-application). */
export type ReviewDeal =
  | { state: 'none' }
  /** The settings or the first quote are on their way. */
  | { state: 'loading'; draft: DraftDeal; choice: DealChoice }
  /** The settings no longer offer what the deal names (a tier renamed), or the parameters miss a ZIP. */
  | { state: 'unpriceable'; draft: DraftDeal; choice: DealChoice; settings: DealSettingsAnswer }
  | { state: 'failed'; draft: DraftDeal; choice: DealChoice; error: Error; retry: () => void }
  | {
      state: 'priced';
      draft: DraftDeal;
      choice: DealChoice;
      settings: DealSettingsAnswer;
      quote: DealQuote;
      /** What the submission sends; null while a fresh quote is on its way, so stale figures are never sent. */
      deal: ApplicationDeal | null;
    };

/**
 * The deal the applicant applies with, priced afresh for the application's car with
 * POST /api/deals/quote, the way the car page priced it. Only a deal chosen for the car now in the
 * draft counts (DealKeeper drops any other).
 */
export function useApplicationDeal(): ReviewDeal {
  const carId = useAtomValue(draftCarIdAtom) ?? '';
  const stored = useAtomValue(draftDealAtom);
  const draft = stored !== null && stored.carId === carId ? stored : null;
  const params = draft?.params ?? null;
  const choice = useMemo(() => (params === null ? null : parseDealParams(new URLSearchParams(params))), [params]);
  const settings = useQuery({ ...getDealSettingsQueryOptions(), enabled: draft !== null });
  const request = choice && settings.data ? toDealRequest(choice, settings.data) : null;
  const input = request?.ok ? request.input : null;
  const quote = useQuery(quoteDealQueryOptions(carId, input));

  if (draft === null || choice === null) return { state: 'none' };
  if (settings.isError) return { state: 'failed', draft, choice, error: settings.error, retry: () => void settings.refetch() };
  if (!settings.data || !request) return { state: 'loading', draft, choice };
  if (!request.ok) return { state: 'unpriceable', draft, choice, settings: settings.data };
  const fresh = quote.data !== undefined && !quote.isPlaceholderData;
  if (quote.isError && !quote.isFetching) return { state: 'failed', draft, choice, error: quote.error, retry: () => void quote.refetch() };
  if (!fresh) return { state: 'loading', draft, choice };
  return {
    state: 'priced',
    draft,
    choice,
    settings: settings.data,
    quote: quote.data.quote,
    deal: quote.isFetching ? null : { input: request.input, settingsVersion: quote.data.settingsVersion, quote: quote.data.quote },
  };
}

/** Applying without the deal: the review step's "Remove the deal". */
export function useRemoveDeal() {
  const setDeal = useSetAtom(draftDealAtom);
  const setDropped = useSetAtom(dealDroppedAtom);
  return () => {
    setDeal(null);
    setDropped(false);
  };
}
