import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { DealerAddress } from '../components/dealer-contact.tsx';
import { useSite } from '../lib/api/get-site.ts';

/**
 * The footer of every page (of the mini app's Home): who the dealer is and how to reach them,
 * its licence, and the privacy notice and terms, which an applicant who gives us an SSN must be
 * able to read before and after applying (docs/decisions/015-public-site-promises.md).
 */
export function SiteFooter() {
  const { i18n } = useLingui();
  const company = useSite().data?.company;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {company ? (
          <div className="site-footer__dealer">
            <p className="site-footer__name">{company.name}</p>
            <DealerAddress company={company} />
            {company.license ? <p className="site-footer__license">{company.license}</p> : null}
          </div>
        ) : null}
        <nav aria-label={i18n._('Legal')} className="site-footer__links">
          <ul>
            <li>
              <Link to="/privacy">{i18n._('Privacy notice')}</Link>
            </li>
            <li>
              <Link to="/terms">{i18n._('Terms of use')}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
