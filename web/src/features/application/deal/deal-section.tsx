import { useLingui } from '@lingui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { DealType } from '../../../../../domain/deals/deal-settings.ts';
import { DealBreakdown, DealDisclosures, DealHeadline } from '../../../components/deals/deal-breakdown.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { dealFieldErrors, type DealFormField } from '../../../lib/deals/deal-choice.ts';
import { dealDroppedAtom, useRemoveDeal, type ReviewDeal } from './application-deal.ts';

export const DEAL_SECTION_ID = 'review-deal';

/** What the server said is wrong with the deal, by the car page's field. */
export type DealRefusal = Partial<Record<DealFormField | '', string>>;

/** The car page's labels (web/src/features/cars/components/deal-builder.tsx), so a refusal names the field the applicant set there. */
const FIELD_LABELS: Record<DealFormField, string> = {
  type: 'How would you like to pay?',
  zip: 'ZIP code',
  tierId: 'Your credit',
  down: 'Cash down, $',
  termMonths: 'Term',
  milesPerYear: 'Miles a year',
  productIds: 'Protection products',
  trade: 'Trade-in value, $',
  payoff: 'Still owed on it, $',
};

function Refusal({ refusal }: { refusal: DealRefusal }) {
  const { i18n } = useLingui();
  const entries = Object.entries(refusal) as [DealFormField | '', string][];
  return (
    <ul className="review-deal__errors">
      {entries.map(([field, message]) => (
        <li key={field}>{field === '' ? i18n._(message) : `${i18n._(FIELD_LABELS[field])}: ${i18n._(message)}`}</li>
      ))}
    </ul>
  );
}

/** A quote's 400 names the deal's fields at fault; any other failure is said in one line with Try again. */
function Failure({ error, retry }: { error: Error; retry: () => void }) {
  const { i18n } = useLingui();
  if (error instanceof ApiError && error.status === 400 && error.fields !== undefined) {
    return (
      <>
        <p className="review-deal__problem">{i18n._('Your deal cannot be priced as it is. Change it or remove it, then submit.')}</p>
        <Refusal refusal={dealFieldErrors(error.fields)} />
      </>
    );
  }
  return (
    <p className="review-deal__problem">
      {i18n._('We could not price your deal.')}{' '}
      <button type="button" className="button button--ghost" onClick={retry}>
        {i18n._('Try again')}
      </button>
    </p>
  );
}

/**
 * The deal on the review step (docs/product/deal-builder.md#the-deal-in-the-application): priced
 * afresh for the application's car, with its payment, disclosures and every line; Change the deal
 * goes back to the car page's builder with the same choice, Remove the deal applies without one.
 * `refusal` is what the submission's 400 said of the deal, shown until the deal changes.
 */
export function DealSection({ deal, refusal }: { deal: ReviewDeal; refusal: DealRefusal | null }) {
  const { i18n } = useLingui();
  const dropped = useAtomValue(dealDroppedAtom);
  const remove = useRemoveDeal();
  const [removed, setRemoved] = useState(false);
  const removedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (removed && deal.state === 'none') removedNote.current?.focus();
  }, [removed, deal.state]);

  if (deal.state === 'none') {
    if (removed) {
      return (
        <p ref={removedNote} className="notice" role="status" tabIndex={-1}>
          {i18n._('You are applying without a deal.')}
        </p>
      );
    }
    return dropped ? (
      <p className="notice" role="status">
        {i18n._('Your deal was for a car that is no longer in your application, so it was removed.')}
      </p>
    ) : null;
  }

  const typeLabels: Record<DealType, string> = { cash: i18n._('Cash'), finance: i18n._('Finance'), lease: i18n._('Lease') };
  const { draft } = deal;
  const changeTo = `/cars/${encodeURIComponent(draft.carId)}?${draft.params}`;
  const updating = deal.state === 'priced' && deal.deal === null;
  return (
    <section id={DEAL_SECTION_ID} className="card review-deal" aria-labelledby={`${DEAL_SECTION_ID}-title`} tabIndex={-1}>
      <h2 id={`${DEAL_SECTION_ID}-title`}>{i18n._('Your deal')}</h2>
      <p className="review-deal__type">{typeLabels[deal.choice.type]}</p>
      {refusal ? (
        <div className="review-deal__refusal">
          <p className="review-deal__problem">{i18n._('Your deal was not accepted: correct it or remove it, then submit.')}</p>
          <Refusal refusal={refusal} />
        </div>
      ) : null}
      {deal.state === 'loading' ? <p>{i18n._('Loading...')}</p> : null}
      {deal.state === 'unpriceable' ? (
        <p className="review-deal__problem">{i18n._('Your deal cannot be priced as it is. Change it or remove it, then submit.')}</p>
      ) : null}
      {deal.state === 'failed' ? <Failure error={deal.error} retry={deal.retry} /> : null}
      {deal.state === 'priced' ? (
        <div className="review-deal__result" aria-busy={updating}>
          <DealHeadline quote={deal.quote} idPrefix={DEAL_SECTION_ID} />
          {updating ? <p>{i18n._('Updating...')}</p> : null}
          <DealDisclosures quote={deal.quote} />
          <DealBreakdown quote={deal.quote} settings={deal.settings.settings} />
          <p className="deal__disclaimer">{i18n._('Estimate only. Your actual rate and payment depend on credit approval.')}</p>
        </div>
      ) : null}
      <div className="button-row">
        <Link to={changeTo} className="button button--secondary">
          {i18n._('Change the deal')}
        </Link>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            remove();
            setRemoved(true);
          }}
        >
          {i18n._('Remove the deal')}
        </button>
      </div>
    </section>
  );
}
