import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { DealInput } from '../../../../domain/deals/deal-input.schema.ts';
import { DealDisclosures, DealHeadline } from '../../components/deals/deal-breakdown.tsx';
import { getDealSettingsQueryOptions } from '../../lib/api/get-deal-settings.ts';
import { useDealQuote } from '../../lib/api/quote-deal.ts';
import { parseDealParams, toDealRequest, withoutDealParams } from '../../lib/deals/deal-choice.ts';

/**
 * The deal the car page's builder wrote into the address (web/src/lib/deals/deal-choice.ts), as the
 * booking sends it: null while there is none, or not enough of one to price (no ZIP, no credit).
 */
export function useAddressDeal(search: URLSearchParams): DealInput | null {
  const present = [...withoutDealParams(search).keys()].length < [...search.keys()].length;
  const settings = useQuery({ ...getDealSettingsQueryOptions(), enabled: present });
  if (!present || !settings.data) return null;
  const request = toDealRequest(parseDealParams(search), settings.data);
  return request.ok ? request.input : null;
}

/**
 * "Attach my deal" (docs/product/visits.md#booking): the deal goes with the booking, so staff have
 * it ready; its figure and the disclosures that go with a payment are shown with it.
 */
export function DealAttachment({
  carUuid,
  deal,
  attached,
  onAttach,
}: {
  carUuid: string;
  deal: DealInput;
  attached: boolean;
  onAttach: (attached: boolean) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const quote = useDealQuote(carUuid, deal);
  return (
    <div className="visit-deal">
      <label className="visit-check">
        <input type="checkbox" checked={attached} aria-describedby={`${id}-about`} onChange={(event) => onAttach(event.target.checked)} />
        <span>{i18n._('Attach my deal')}</span>
      </label>
      <div id={`${id}-about`} className="visit-deal__about">
        <p className="visit-field__hint">{i18n._('The deal you built on the car page goes with your booking, so we have it ready.')}</p>
        {quote.data ? (
          <>
            <DealHeadline quote={quote.data.quote} idPrefix={id} />
            <DealDisclosures quote={quote.data.quote} />
          </>
        ) : null}
      </div>
    </div>
  );
}
