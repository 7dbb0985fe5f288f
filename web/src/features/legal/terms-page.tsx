import './legal.css';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { useSite } from '../../lib/api/get-site.ts';

/** The terms of using the site and the mini app: what a listing, an estimate and an application are, and are not. */
export default function TermsPage() {
  const { i18n } = useLingui();
  const company = useSite().data?.company;
  const name = company?.name ?? '';
  return (
    <article className="legal" aria-labelledby="terms-title">
      <title>{i18n._('Terms of use')}</title>
      <h1 id="terms-title">{i18n._('Terms of use')}</h1>
      <p className="legal__lead">{i18n._('By using this website or our Telegram mini app you agree to these terms.')}</p>

      <h2>{i18n._('Cars and prices')}</h2>
      <p>
        {i18n._(
          'Listings, photos and prices are for information and may change without notice. Prices do not include taxes, title, registration or dealer fees. A car is yours only when you sign a purchase agreement with {company}.',
          { company: name },
        )}
      </p>

      <h2>{i18n._('Payment estimates')}</h2>
      <p>
        {i18n._('A payment estimate is arithmetic, not an offer of credit. Your rate and payment depend on the lender and on your credit.')}
      </p>

      <h2>{i18n._('Applying for financing')}</h2>
      <p>
        {i18n._(
          'Sending an application is not an approval. {company} forwards it to lenders, who decide. You confirm that what you tell us is true and complete, and you may ask us to correct it.',
          { company: name },
        )}
      </p>
      <p>
        <Link to="/privacy">{i18n._('Read how we collect, share and protect your personal information in our privacy notice.')}</Link>
      </p>

      <h2>{i18n._('Your saved progress')}</h2>
      <p>
        {i18n._(
          'On the website, your favourites and an unfinished application are kept in this browser only. In Telegram they belong to your Telegram account.',
        )}
      </p>

      <h2>{i18n._('Questions?')}</h2>
      <p>{company ? i18n._('Write to {email} or call {phone}.', { email: company.email, phone: company.phone }) : i18n._('Loading...')}</p>
    </article>
  );
}
