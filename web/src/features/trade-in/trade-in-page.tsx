import { useLingui } from '@lingui/react';
import { useMyTradeIn } from '../../lib/api/trade-ins.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { DescribeForm } from './describe/describe-form.tsx';
import { TradeInStatusView } from './status/trade-in-status.tsx';
import './trade-in.css';

/**
 * /trade-in (docs/product/trade-ins.md#the-shoppers-side): the shopper describes the car to trade in
 * while it is a draft, then sees where it stands. The trade-in is asked for again whenever the
 * screen comes back into view: photos sent in the bot's chat and staff's answers arrive meanwhile.
 */
export default function TradeInPage() {
  const { i18n } = useLingui();
  const mine = useMyTradeIn({ live: true });
  usePageTitle(i18n._('Value your trade'));
  const tradeIn = mine.data ?? null;
  return (
    <section className="page page--narrow tradein" aria-labelledby="tradein-title">
      <h1 id="tradein-title">{i18n._('Value your trade')}</h1>
      {mine.isPending ? (
        <p className="inline-status" role="status">
          {i18n._('Loading...')}
        </p>
      ) : mine.isError && !mine.data ? (
        <div role="alert">
          <p>{i18n._('We could not load your trade-in.')}</p>
          <button type="button" className="button button--secondary" onClick={() => void mine.refetch()}>
            {i18n._('Try again')}
          </button>
        </div>
      ) : tradeIn === null || tradeIn.status === 'draft' ? (
        <>
          <p className="lead">{i18n._('Tell us about your car and we will send you an offer for it, good toward any car of ours.')}</p>
          <DescribeForm tradeIn={tradeIn} />
        </>
      ) : (
        <TradeInStatusView tradeIn={tradeIn} />
      )}
    </section>
  );
}
