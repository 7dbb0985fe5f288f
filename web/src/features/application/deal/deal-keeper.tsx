import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { draftAtom, draftDealAtom } from '../../../lib/application-draft.ts';
import { parseDealParams, serializeDealParams, withoutDealParams } from '../../../lib/deals/deal-choice.ts';
import { firstInvalidStep, stepPath } from '../wizard-steps.ts';
import { dealDroppedAtom } from './application-deal.ts';

/**
 * Takes the deal from the link the car page's "Apply with this deal" opens (/application?deal=…),
 * read by the car page's own rules, and keeps it beside the draft for the car in the draft; drops
 * it, with a notice, once the application's car is another
 * (docs/product/deal-builder.md#the-deal-in-the-application).
 */
export function DealKeeper() {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const draft = useAtomValue(draftAtom);
  const carId = draft.carId ?? '';
  const complete = useMemo(() => firstInvalidStep(draft) === null, [draft]);
  const [deal, setDeal] = useAtom(draftDealAtom);
  const setDropped = useSetAtom(dealDroppedAtom);
  const linked = searchParams.has('deal') ? serializeDealParams(parseDealParams(searchParams)).toString() : null;

  useEffect(() => {
    if (linked !== null) {
      // A deal is priced for a car: a link without one in the draft has nothing to price it for.
      if (carId !== '') {
        setDeal({ carId, params: linked });
        setDropped(false);
      }
      // Out of the address, so Back or a reload does not bring back a deal removed since; an
      // applicant whose answers are all given goes on to the review, where the deal is shown.
      const to = carId !== '' && complete ? stepPath('review') : pathname;
      void navigate({ pathname: to, search: withoutDealParams(searchParams).toString() }, { replace: true });
    } else if (deal !== null && deal.carId !== carId) {
      setDeal(null);
      setDropped(true);
    }
  }, [linked, carId, complete, deal, pathname, searchParams, navigate, setDeal, setDropped]);
  return null;
}
