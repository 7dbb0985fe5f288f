import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useConfirmPasskey } from '../../lib/staff/api/confirm-passkey.ts';
import { usePasskeys } from '../../lib/staff/api/get-passkeys.ts';
import { ListError, ListLoading } from '../list-state.tsx';
import { formatDateTime } from '../../lib/staff/format.ts';
import { AddPasskeyForm } from './add-passkey-form.tsx';
import { passkeyErrorMessage } from '../../lib/staff/passkey-errors.ts';

/** Confirm with a passkey: the button that opens the browser's passkey dialog, and what went wrong. */
export function ConfirmPasskeyButton({ onConfirmed }: { onConfirmed?: () => void }) {
  const { i18n } = useLingui();
  const confirm = useConfirmPasskey();
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        aria-busy={confirm.isPending || undefined}
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(undefined, { onSuccess: () => onConfirmed?.() })}
      >
        {i18n._('Use my passkey')}
      </button>
      {confirm.isError ? (
        <p role="alert" className="notice notice--error">
          {passkeyErrorMessage(confirm.error, i18n)}
        </p>
      ) : null}
    </>
  );
}

/** How to add a first passkey once the 10 minutes after the link sign-in have passed. */
export function FirstPasskeyExpired() {
  const { i18n } = useLingui();
  return (
    <>
      <p>
        {i18n._(
          'Your first passkey can be added within 10 minutes of signing in with a link from the bot, and that time has passed. To add it:',
        )}
      </p>
      <ol className="staff-sign-in__steps">
        <li>{i18n._('Send /login to the bot in Telegram.')}</li>
        <li>{i18n._('Open the new link in this browser.')}</li>
        <li>{i18n._('Add your passkey here within 10 minutes.')}</li>
      </ol>
    </>
  );
}

/**
 * The step before personal data on the web (STAFF_MFA): confirm with a passkey, or add the first
 * one while the link sign-in still vouches for this browser, or learn how to get there.
 */
export function PasskeyCheck({ onDone }: { onDone?: () => void }) {
  const { i18n } = useLingui();
  const status = usePasskeys();
  const titleId = useId();
  if (status.isPending) return <ListLoading />;
  if (status.isError) return <ListError error={status.error} onRetry={() => void status.refetch()} />;
  const { passkeys, firstPasskeyUntil } = status.data;
  return (
    <section className="card passkey-check" aria-labelledby={titleId}>
      {passkeys.length > 0 ? (
        <>
          <h2 id={titleId}>{i18n._('Confirm it’s you with your passkey')}</h2>
          <p>
            {i18n._(
              'Applicants’ personal data (SSNs, license photos, applications) opens once you confirm with a passkey you added to this dashboard. Your device will ask for your fingerprint, face or screen lock.',
            )}
          </p>
          <ConfirmPasskeyButton onConfirmed={onDone} />
        </>
      ) : (
        <>
          <h2 id={titleId}>{i18n._('Add a passkey to see personal data')}</h2>
          <p>
            {i18n._(
              'Staff confirm it’s them with a passkey before they see applicants’ personal data. A passkey lives on this computer, your phone or a security key, and is unlocked with your fingerprint, face or screen lock.',
            )}
          </p>
          {firstPasskeyUntil ? (
            <>
              <p>
                {i18n._('You signed in with a link from the bot, which vouches for you: add your first passkey before {time}.', {
                  time: formatDateTime(firstPasskeyUntil, i18n.locale),
                })}
              </p>
              <AddPasskeyForm onAdded={onDone} />
            </>
          ) : (
            <FirstPasskeyExpired />
          )}
        </>
      )}
      <p>
        <Link to="/dashboard/security">{i18n._('Manage your passkeys')}</Link>
      </p>
    </section>
  );
}
