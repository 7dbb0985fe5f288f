import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';

export default function NotFoundPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Page not found'));
  return (
    <section className="page page--centered" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{i18n._('Page not found')}</h1>
      <p>{i18n._('The page you are looking for does not exist or has moved.')}</p>
      <Link to="/" className="button button--primary">
        {i18n._('Go to the home page')}
      </Link>
    </section>
  );
}
