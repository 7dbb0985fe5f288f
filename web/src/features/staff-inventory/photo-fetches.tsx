import { useLingui } from '@lingui/react';
import type { PhotoFetch, PhotoFetchFailure, PhotoFetchOutcome } from '../../../../domain/contracts/inventory.ts';

const OUTCOMES: Record<PhotoFetchOutcome, string> = { pending: 'Pending', fetched: 'Fetched', failed: 'Failed' };

/** Why an address was not fetched (message ids); `status` is written with the host's HTTP status. */
const REASONS: Record<Exclude<PhotoFetchFailure, 'status'>, string> = {
  scheme: 'not an http or https address',
  address: 'private address refused',
  redirects: 'too many redirects',
  too_large: 'larger than 20 MB',
  type: 'not an image',
  timeout: 'the photo host was too slow',
  network: 'the photo host could not be reached',
  unreadable: 'the image could not be read',
  no_room: 'the car already has 40 photos',
};

/** The photo addresses of a stock file and what became of each: fetched, failed with the reason, or still pending. */
export function PhotoFetchList({ fetches }: { fetches: readonly PhotoFetch[] }) {
  const { i18n } = useLingui();
  const reason = (fetch: PhotoFetch) =>
    fetch.reason === 'status' ? i18n._('HTTP {status}', { status: fetch.httpStatus ?? '' }) : fetch.reason && i18n._(REASONS[fetch.reason]);
  return (
    <ul className="photo-fetches">
      {fetches.map((fetch, index) => (
        <li key={index} className={`photo-fetches__item photo-fetches__item--${fetch.outcome}`}>
          <span className="photo-fetches__outcome">{i18n._(OUTCOMES[fetch.outcome])}</span>
          {fetch.reason ? <span>: {reason(fetch)}</span> : null} <span className="photo-fetches__url">{fetch.url}</span>
        </li>
      ))}
    </ul>
  );
}
