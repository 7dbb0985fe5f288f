import { useLingui } from '@lingui/react';
import { Link } from 'react-router';

function Icon({ path }: { path: string }) {
  return (
    <svg className="promo__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

const KEY = 'M7 14a5 5 0 1 1 4.9-6H22v4h-2v3h-3v-3h-5.1A5 5 0 0 1 7 14zm0-3a2 2 0 1 0 0-4 2 2 0 0 0 0 4z';
const CALENDAR = 'M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3zm12 8H5v9h14zM7 12h4v4H7z';
const SWAP = 'M7 4 3 8l4 4V9h11V7H7zm10 8v3H6v2h11v3l4-4z';
const WHEEL = 'M12 2a10 10 0 1 1 0 20 10 10 0 1 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 1 0 0-16zM4 11h16v2H4zm7 2h2v7h-2z';
const CHART = 'M4 19h16v2H2V3h2zm3-3-1.4-1.4L10 10l3 3 5.6-5.6L20 9l-7 7-3-3z';

/**
 * docs/product/screens.md#home: the promo sections; the first carries the Apply for loan button, the
 * third values a trade-in, the fourth leads to the shopper's visits (docs/product/visits.md#my-visits-and-signed-links).
 */
export function Promos({ applied }: { applied: boolean }) {
  const { i18n } = useLingui();
  return (
    <div className="promos">
      <section className="promo" aria-labelledby="promo-buy">
        <Icon path={KEY} />
        <h2 id="promo-buy">{i18n._('Buy with a car loan')}</h2>
        <p>
          {i18n._(
            'Fixed monthly payments, terms from 24 to 84 months and approvals for first-time buyers. Choose a car and we find the lender.',
          )}
        </p>
        <Link to="/application" className="button button--primary">
          {applied ? i18n._('See your loan status') : i18n._('Apply for loan')}
        </Link>
      </section>
      <section className="promo" aria-labelledby="promo-lease">
        <Icon path={CALENDAR} />
        <h2 id="promo-lease">{i18n._('Lease and pay less each month')}</h2>
        <p>
          {i18n._(
            'Lower monthly payments, a new car every few years and no worries about resale. Our team compares leasing and buying with you.',
          )}
        </p>
        <Link to="/cars" className="button button--secondary">
          {i18n._('Browse cars')}
        </Link>
      </section>
      <section className="promo" aria-labelledby="promo-trade">
        <Icon path={SWAP} />
        <h2 id="promo-trade">{i18n._('Trade in your car')}</h2>
        <p>{i18n._('Describe your car and add a few photos: we send you an offer you can put toward any car of ours.')}</p>
        <Link to="/trade-in" className="button button--secondary">
          {i18n._('Value your trade')}
        </Link>
      </section>
      <section className="promo" aria-labelledby="promo-visit">
        <Icon path={WHEEL} />
        <h2 id="promo-visit">{i18n._('Test drive before you decide')}</h2>
        <p>
          {i18n._('Book a test drive from any car’s page, or have us hold the car for you until your visit. Move or cancel it any time.')}
        </p>
        <Link to="/visits" className="button button--secondary">
          {i18n._('My visits')}
        </Link>
      </section>
      <section className="promo" aria-labelledby="promo-credit">
        <Icon path={CHART} />
        <h2 id="promo-credit">{i18n._('Rebuild your credit')}</h2>
        <p>
          {i18n._(
            'Low score, no score or a past bankruptcy? On-time car payments are one of the fastest ways to grow your credit, and we work with lenders who say yes.',
          )}
        </p>
        <Link to="/#contact" className="button button--secondary">
          {i18n._('Talk to our team')}
        </Link>
      </section>
    </div>
  );
}
