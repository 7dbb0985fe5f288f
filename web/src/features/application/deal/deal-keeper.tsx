import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
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
  const store = useStore();
  const carId = useAtomValue(draftAtom).carId;
  const deal = useAtomValue(draftDealAtom);
  const linked = searchParams.has('deal') ? serializeDealParams(parseDealParams(searchParams)).toString() : null;

  useEffect(() => {
    // Read from the store, not the render: the first render may predate the draft read back from this tab's storage.
    const carNow = store.get(draftAtom).carId ?? '';
    const kept = store.get(draftDealAtom);
    if (linked !== null) {
      // A deal is priced for a car: a link without one in the draft has nothing to price it for.
      if (carNow !== '' && (kept?.carId !== carNow || kept.params !== linked)) {
        store.set(draftDealAtom, { carId: carNow, params: linked });
        store.set(dealDroppedAtom, false);
      }
      // Out of the address, so Back or a reload does not bring back a deal removed since; an
      // applicant whose answers are all given goes on to the review, where the deal is shown.
      const to = carNow !== '' && firstInvalidStep(store.get(draftAtom)) === null ? stepPath('review') : pathname;
      void navigate({ pathname: to, search: withoutDealParams(searchParams).toString() }, { replace: true });
    } else if (kept !== null && kept.carId !== carNow) {
      store.set(draftDealAtom, null);
      store.set(dealDroppedAtom, true);
    }
  }, [linked, carId, deal, pathname, searchParams, navigate, store]);
  return null;
}
