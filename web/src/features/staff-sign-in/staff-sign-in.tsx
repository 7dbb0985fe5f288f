import { useLingui } from '@lingui/react';
import type { CurrentUser } from '../../../../domain/contracts/users.ts';
import { toast } from '../../components/toasts.tsx';
import { useSite } from '../../lib/api/get-site.ts';
import { useDevSignIn } from './api/dev-sign-in.ts';
import { SignedOutEverywhereNotice } from '../../components/staff/signed-out-notice.tsx';
import { botStartUrl, LOGIN_PARAM } from '../../../../domain/start-links.ts';

/** Offered only when the server says the development sign-in is on (DEV_LOGIN=1 in development). */
function DevSignIn() {
  const { i18n } = useLingui();
  const signIn = useDevSignIn();
  return (
    <div className="staff-sign-in__dev">
      <p>{i18n._('Development sign-in is on (DEV_LOGIN=1): sign in as an admin without Telegram.')}</p>
      <button
        type="button"
        className="button button--secondary"
        aria-busy={signIn.isPending || undefined}
        disabled={signIn.isPending}
        onClick={() =>
          signIn.mutate(undefined, { onError: () => toast.error(i18n._('The development sign-in failed. Please try again.')) })
        }
      >
        {i18n._('Sign in as the developer')}
      </button>
    </div>
  );
}

/**
 * What a visitor who is not staff sees at /dashboard: how staff sign in. The bot's /login sends an
 * admin a one-time link; the Telegram button opens the bot to ask for one. Nothing about the
 * dashboard's data is shown or fetched.
 */
export function StaffSignIn({ signedInAs }: { signedInAs: CurrentUser | null }) {
  const { i18n } = useLingui();
  const site = useSite();
  const bot = site.data?.telegramLoginEnabled ? site.data.botUsername : null;
  return (
    <section className="page page--centered staff-sign-in" aria-labelledby="staff-sign-in-title">
      <h1 id="staff-sign-in-title">{i18n._('Staff sign-in')}</h1>
      <SignedOutEverywhereNotice />
      {signedInAs ? <p className="notice">{i18n._('This account has no staff access. Ask an admin to grant it.')}</p> : null}
      <p className="lead">{i18n._('The dashboard is for the dealer’s staff.')}</p>
      <ol className="staff-sign-in__steps">
        <li>{i18n._('Open the dealer’s bot in Telegram.')}</li>
        <li>{i18n._('Send /login. The bot answers staff with a one-time sign-in link.')}</li>
        <li>{i18n._('Open the link in this browser within 10 minutes. It works once.')}</li>
      </ol>
      {bot ? (
        <a className="button button--primary button--large" href={botStartUrl(bot, LOGIN_PARAM)} target="_blank" rel="noopener noreferrer">
          {i18n._('Log in with Telegram')}
        </a>
      ) : null}
      {site.data?.devLoginEnabled ? (
        <DevSignIn />
      ) : site.data?.devLoginAvailable ? (
        <p className="staff-sign-in__dev">
          {i18n._(
            'Development sign-in is off. To sign in as an admin without Telegram, restart the server with DEV_LOGIN=1 (for example: DEV_LOGIN=1 npm run dev).',
          )}
        </p>
      ) : null}
    </section>
  );
}
