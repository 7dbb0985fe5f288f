import { useLingui } from '@lingui/react';
import { Link, useLocation } from 'react-router';
import type { StaffTradeInItem } from '../../../../domain/contracts/trade-ins.ts';
import { toSupportedLanguage } from '../../../../domain/enums.ts';
import { formatCents, formatMileage, numberLocale } from '../../../../domain/format.ts';
import { TRADE_IN_QUEUE_STATUSES } from '../../../../domain/trade-ins/trade-in.schema.ts';
import { ListState } from '../../components/list-state.tsx';
import { Pager } from '../../components/staff/pager.tsx';
import { TableScroll } from '../../components/staff/table-scroll.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { EMPTY, formatDateTime } from '../../lib/staff/format.ts';
import { useTradeIns } from './api/get-trade-ins.ts';
import { TRADE_IN_STATUS_LABELS, WAITING_ON_LABELS } from './labels.ts';
import { queueTabSearch, useTradeInQueueParams } from './queue-params.ts';
import { TradeInImage } from './trade-in-photo.tsx';
import './trade-ins.css';

function QueueTable({ items }: { items: StaffTradeInItem[] }) {
  const { i18n } = useLingui();
  const { search } = useLocation();
  const timeZone = useDealerTimeZone();
  const language = toSupportedLanguage(i18n.locale);
  return (
    <TableScroll label={i18n._('Trade-ins')}>
      <table className="data-table trade-ins-table">
        <thead>
          <tr>
            <th scope="col">{i18n._('Photo')}</th>
            <th scope="col">{i18n._('Car')}</th>
            <th scope="col">{i18n._('Mileage')}</th>
            <th scope="col">{i18n._('Photos')}</th>
            <th scope="col">{i18n._('Submitted')}</th>
            <th scope="col">{i18n._('Waiting on')}</th>
            <th scope="col">{i18n._('Latest offer')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td className="trade-ins-table__photo">
                {item.coverUrl ? (
                  <TradeInImage path={item.coverUrl} alt="" />
                ) : (
                  <span className="trade-ins-table__no-photo">{i18n._('No photo')}</span>
                )}
              </td>
              <th scope="row">
                <Link className="cell-main" to={`/dashboard/trade-ins/${item.id}`} state={{ list: search }}>
                  {item.title}
                </Link>
              </th>
              <td className="nowrap">{item.mileage === null ? EMPTY : formatMileage(item.mileage, language)}</td>
              <td className="nowrap">{item.photoCount.toLocaleString(numberLocale(language))}</td>
              <td className="nowrap">{formatDateTime(item.submittedAt, i18n.locale, timeZone)}</td>
              <td>{item.waitingOn === null ? EMPTY : i18n._(WAITING_ON_LABELS[item.waitingOn])}</td>
              <td className="nowrap">{item.latestOfferCents === null ? EMPTY : formatCents(item.latestOfferCents, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * The trade-in queue (docs/product/staff-dashboard.md#trade-ins): a tab per status, new first, each
 * a page of cars with their cover, mileage, photos, when submitted, who they wait on and the latest offer.
 */
export function TradeInsPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Trade-ins'));
  const queue = useTradeInQueueParams();
  const tradeIns = useTradeIns(queue.query);
  return (
    <section aria-labelledby="trade-ins-title">
      <div className="section-heading">
        <h2 id="trade-ins-title">{i18n._('Trade-ins')}</h2>
      </div>
      <nav className="trade-ins__tabs" aria-label={i18n._('Trade-ins by status')}>
        {TRADE_IN_QUEUE_STATUSES.map((status) => (
          <Link
            key={status}
            to={{ pathname: '/dashboard/trade-ins', search: queueTabSearch(status) }}
            className={status === queue.status ? 'trade-ins__tab trade-ins__tab--active' : 'trade-ins__tab'}
            aria-current={status === queue.status ? 'page' : undefined}
          >
            {i18n._(TRADE_IN_STATUS_LABELS[status])}
          </Link>
        ))}
      </nav>
      <ListState query={tradeIns} isEmpty={(page) => page.items.length === 0} empty={i18n._('No trade-ins with this status.')}>
        {(page) => (
          <>
            <QueueTable items={page.items} />
            <Pager page={queue.page} totalPages={page.totalPages} total={page.total} onPage={queue.setPage} />
          </>
        )}
      </ListState>
    </section>
  );
}
