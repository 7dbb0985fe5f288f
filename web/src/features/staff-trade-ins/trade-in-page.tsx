import { useLingui } from '@lingui/react';
import { Link, useLocation, useParams } from 'react-router';
import type { StaffTradeIn } from '../../../../domain/contracts/trade-ins.ts';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { PasskeyCheck } from '../../components/staff/passkey-check.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDateTime } from '../../lib/staff/format.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { useTradeIn } from './api/get-trade-in.ts';
import { TRADE_IN_STATUS_LABELS, WAITING_ON_LABELS } from './labels.ts';
import { TradeInAnswers, TradeInComparables, TradeInOwner } from './trade-in-details.tsx';
import { TradeInGallery } from './trade-in-gallery.tsx';
import { TradeInOffers } from './trade-in-offers.tsx';
import { TradeInStock } from './trade-in-stock.tsx';
import { TradeInThread } from './trade-in-thread.tsx';
import './trade-ins.css';

/** Back to the queue as it was left: the tab and page the trade-in was opened from. */
function BackToQueue() {
  const { i18n } = useLingui();
  const { state } = useLocation() as { state: { list?: unknown } | null };
  const list = typeof state?.list === 'string' && state.list.startsWith('?') ? state.list : '';
  return (
    <Link to={`/dashboard/trade-ins${list}`} className="button button--secondary">
      {i18n._('Back to Trade-ins')}
    </Link>
  );
}

function TradeInView({ tradeIn }: { tradeIn: StaffTradeIn }) {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  return (
    <article className="trade-in" aria-labelledby="trade-in-title">
      <div className="section-heading">
        <h2 id="trade-in-title">{tradeIn.title}</h2>
        <BackToQueue />
      </div>
      <p className="trade-in__summary">
        <span className={`status-badge trade-in__badge trade-in__badge--${tradeIn.status}`}>
          {i18n._(TRADE_IN_STATUS_LABELS[tradeIn.status])}
        </span>{' '}
        {tradeIn.waitingOn === null ? null : <span>{i18n._(WAITING_ON_LABELS[tradeIn.waitingOn])} · </span>}
        <span>{i18n._('Submitted {date}', { date: formatDateTime(tradeIn.submittedAt, i18n.locale, timeZone) })}</span>
      </p>
      <TradeInGallery tradeIn={tradeIn} />
      <TradeInAnswers tradeIn={tradeIn} />
      <TradeInOwner tradeIn={tradeIn} />
      <TradeInOffers tradeIn={tradeIn} />
      <TradeInThread tradeIn={tradeIn} />
      <TradeInComparables tradeIn={tradeIn} />
      <TradeInStock tradeIn={tradeIn} />
    </article>
  );
}

/**
 * /dashboard/trade-ins/{id} (docs/product/staff-dashboard.md#trade-ins): the appraisal. It holds the
 * owner and their payoff, so without a confirmed passkey the passkey step stands in its place.
 */
export function TradeInPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Trade-in'));
  const id = Number(useParams().tradeInId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const tradeIn = useTradeIn(valid ? id : 0);
  const missing = (
    <section aria-labelledby="trade-in-missing">
      <h2 id="trade-in-missing">{i18n._('There is no such trade-in.')}</h2>
      <BackToQueue />
    </section>
  );
  if (!valid) return missing;
  if (tradeIn.isPending) return <ListLoading />;
  if (isMfaRequired(tradeIn.error)) return <PasskeyCheck />;
  if (tradeIn.error instanceof ApiError && tradeIn.error.status === 404) return missing;
  if (tradeIn.isError)
    return (
      <ListError
        error={tradeIn.error}
        onRetry={() => void tradeIn.refetch()}
        text={(status) => i18n._('The trade-in could not be loaded (error {status}).', { status })}
      />
    );
  return <TradeInView tradeIn={tradeIn.data} />;
}
