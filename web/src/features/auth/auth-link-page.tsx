import { useLingui } from '@lingui/react';
import { Spinner } from '@telegram-apps/telegram-ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useAuthLink } from './api/post-auth-link.ts';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,512}$/;

/** The token travels in the hash, which browsers never send to servers or link-preview fetchers. */
function readTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

/** Only paths inside the app: the answer must not be able to send a staff member elsewhere. */
function safeRedirect(redirect: string | undefined): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/dashboard';
}

export default function AuthLinkPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Staff sign-in'));
  const navigate = useNavigate();
  const signIn = useAuthLink();
  const started = useRef(false);
  // Read once: the effect below wipes the hash, and later renders must still know what was there.
  const [token] = useState(() => readTokenFromHash(window.location.hash));

  useEffect(() => {
    // The link works once; StrictMode's second effect run must not spend it again.
    if (started.current) return;
    started.current = true;
    // Keep the token out of history and out of anything that reads the URL later.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) return;
    signIn.mutate(token, {
      onSuccess: (answer) => void navigate(safeRedirect(answer.redirect), { replace: true }),
    });
  }, [navigate, signIn, token]);

  const failed = token === null || signIn.isError;
  const status = signIn.error instanceof ApiError ? signIn.error.status : undefined;
  const message =
    status === 403
      ? i18n._('Sign-in links are for staff only.')
      : status === 429
        ? i18n._('Too many attempts. Please wait a minute and try again.')
        : status !== undefined && status >= 500
          ? i18n._('We could not sign you in right now. Please try again in a moment.')
          : i18n._('This sign-in link is invalid, has expired or has already been used. Ask the bot for a new link.');
  return (
    <section className="page page--centered" aria-labelledby="auth-link-title">
      <h1 id="auth-link-title">{i18n._('Staff sign-in')}</h1>
      {failed ? (
        <div role="alert">
          <p>{message}</p>
          <Link to="/" className="button button--secondary">
            {i18n._('Go to the home page')}
          </Link>
        </div>
      ) : (
        <div role="status" className="inline-status">
          <Spinner size="s" />
          {i18n._('Signing you in...')}
        </div>
      )}
    </section>
  );
}
