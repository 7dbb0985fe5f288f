import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import NotFoundPage from './not-found-page.tsx';

/** docs/product/screens.md#screens-and-routes: a route that fails to render shows a generic message and a way home. */
export default function RouteErrorPage() {
  const { i18n } = useLingui();
  const error = useRouteError();
  usePageTitle(i18n._('Unexpected Application Error'));
  useEffect(() => {
    console.error('Route failed to render', error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="page page--centered" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{i18n._('Unexpected Application Error')}</h1>
      <p>{i18n._('Something went wrong while showing this page. Please try again.')}</p>
      {/* A full page load: the router itself may be what broke. */}
      <a href="/" className="button button--primary">
        {i18n._('Go to the home page')}
      </a>
    </section>
  );
}
