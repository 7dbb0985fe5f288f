import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { FeedReport } from '../../../../domain/contracts/feeds.ts';
import { feedChannelLabels, feedOmissionLabels, feedProblemLabels } from '../../../../domain/vehicle-feeds.ts';
import { ListState } from '../../components/list-state.tsx';
import { toast } from '../../components/toasts.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useFeeds } from './api/get-feeds.ts';
import { TableScroll } from '../../components/staff/table-scroll.tsx';
import { useInventoryFormat } from './inventory-format.ts';
import './inventory.css';
import { copyToClipboard } from '../../lib/clipboard.ts';

/** One channel: the address to give it (selectable, and a Copy button), its counts and the cars it leaves out. */
function FeedSection({ feed }: { feed: FeedReport }) {
  const { i18n } = useLingui();
  const format = useInventoryFormat();
  const id = useId();
  const copy = async () => {
    if (await copyToClipboard(feed.url)) toast.success(i18n._('Link copied'));
    else toast.error(i18n._('Could not copy the link'));
  };
  return (
    <section className="feed" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{i18n._(feedChannelLabels[feed.channel])}</h3>
      <div className="feed__url">
        <label htmlFor={`${id}-url`}>{i18n._('Feed address')}</label>
        <input id={`${id}-url`} type="url" readOnly value={feed.url} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {i18n._('Copy')}
        </button>
      </div>
      {feed.on ? null : (
        <p role="alert" className="feed__problem">
          <strong>{i18n._('This feed is off.')}</strong> {feed.problem ? i18n._(feedProblemLabels[feed.problem]) : null}{' '}
          {i18n._('Set {setting} and restart the server to turn it on.', { setting: feed.setting })}
        </p>
      )}
      <dl className="import-report__counts">
        <div>
          {/* An off feed lists nothing: the count is what it will list once on. */}
          <dt>{feed.on ? i18n._('Listed') : i18n._('Ready to list')}</dt>
          <dd>{format.number(feed.included)}</dd>
        </div>
        <div>
          <dt>{i18n._('Left out')}</dt>
          <dd>{format.number(feed.omitted.length)}</dd>
        </div>
      </dl>
      {feed.omitted.length === 0 ? (
        <p>{i18n._('Every car this feed can list is in it.')}</p>
      ) : (
        <TableScroll label={i18n._('Cars left out of this feed')}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{i18n._('Stock')}</th>
                <th scope="col">{i18n._('Car')}</th>
                <th scope="col">{i18n._('What is missing')}</th>
              </tr>
            </thead>
            <tbody>
              {feed.omitted.map((car) => (
                <tr key={car.uuid}>
                  <th scope="row">{car.stockNumber}</th>
                  <td>
                    <Link to={`/dashboard/inventory/${car.uuid}`}>{car.title}</Link>
                  </td>
                  <td>{car.reasons.map((reason) => i18n._(feedOmissionLabels[reason])).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/**
 * `/dashboard/inventory/feeds` (docs/product/feeds.md): the addresses Meta and Google fetch the
 * inventory from, and the cars each leaves out with what they lack, each a link to fix it.
 */
export function FeedsPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Ads feeds'));
  const feeds = useFeeds();
  return (
    <section aria-labelledby="feeds-title">
      <div className="section-heading">
        <h2 id="feeds-title">{i18n._('Ads feeds')}</h2>
      </div>
      <p>
        {i18n._(
          'Give these addresses to Meta Commerce Manager and Google Merchant Center as scheduled feeds. A car is left out of a feed while it lacks a field the channel requires.',
        )}
      </p>
      <ListState query={feeds} isEmpty={() => false} empty={null}>
        {(answer) => answer.feeds.map((feed) => <FeedSection key={feed.channel} feed={feed} />)}
      </ListState>
    </section>
  );
}
