import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PasskeyItem, PasskeysAnswer } from '../../../../domain/contracts/passkeys.ts';
import { toast } from '../../components/toasts.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePasskeys } from '../../lib/staff/api/get-passkeys.ts';
import { useRemovePasskey } from './api/remove-passkey.ts';
import { useSignOutEverywhere } from './api/sign-out-everywhere.ts';
import { ActionButton } from '../../components/staff/action-button.tsx';
import { ConfirmDialog } from '../../components/staff/confirm-dialog.tsx';
import { SIGNED_OUT_EVERYWHERE_STATE } from '../../components/staff/signed-out-notice.tsx';
import { TrashIcon } from '../../components/staff/icons.tsx';
import { ListError, ListLoading, ListState } from '../../components/list-state.tsx';
import { TableScroll } from '../../components/staff/table-scroll.tsx';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDateTime } from '../../lib/staff/format.ts';
import { AddPasskeyForm } from '../../components/staff/add-passkey-form.tsx';
import { ConfirmPasskeyButton, FirstPasskeyExpired } from '../../components/staff/passkey-check.tsx';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';

function PasskeysTable({ passkeys, onRemove }: { passkeys: PasskeyItem[]; onRemove: (passkey: PasskeyItem) => void }) {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  return (
    <TableScroll label={i18n._('Passkeys')}>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{i18n._('Name')}</th>
            <th scope="col">{i18n._('Created')}</th>
            <th scope="col">{i18n._('Last used')}</th>
            <th scope="col">{i18n._('Actions')}</th>
          </tr>
        </thead>
        <tbody>
          {passkeys.map((passkey) => (
            <tr key={passkey.id}>
              <th scope="row">{passkey.name}</th>
              <td className="nowrap">{formatDateTime(passkey.createdAt, i18n.locale, timeZone)}</td>
              <td className="nowrap">{formatDateTime(passkey.lastUsedAt, i18n.locale, timeZone)}</td>
              <td>
                <div className="row-actions">
                  <ActionButton icon={<TrashIcon />} label={i18n._('Remove')} variant="danger" onClick={() => onRemove(passkey)} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Adding a passkey: open with a confirmed session, or for the first one within 10 minutes of a link sign-in. */
function AddPasskey({ status }: { status: PasskeysAnswer }) {
  const { i18n } = useLingui();
  if (status.sessionVerified || status.firstPasskeyUntil) return <AddPasskeyForm onAdded={() => toast.success(i18n._('Passkey added.'))} />;
  if (status.passkeys.length === 0) return <FirstPasskeyExpired />;
  return (
    <>
      <p>{i18n._('To add or remove passkeys, first confirm it’s you with one of them.')}</p>
      <ConfirmPasskeyButton />
    </>
  );
}

function PasskeysSection() {
  const { i18n } = useLingui();
  const status = usePasskeys();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  return (
    <section className="card detail-section" aria-labelledby="passkeys-title">
      <h3 id="passkeys-title">{i18n._('Passkeys')}</h3>
      <p>
        {i18n._(
          'A passkey confirms it’s you before the dashboard shows applicants’ personal data in this browser. Add one on each computer or phone you use, or on a security key.',
        )}
      </p>
      {status.data === undefined ? (
        status.isError ? (
          <ListError error={status.error} onRetry={() => void status.refetch()} />
        ) : (
          <ListLoading />
        )
      ) : (
        <>
          {status.data.sessionVerified ? (
            <p role="status" className="notice">
              {i18n._('This browser has confirmed your passkey.')}
            </p>
          ) : null}
          <ListState query={status} isEmpty={(data) => data.passkeys.length === 0} empty={i18n._('You have no passkey yet.')}>
            {(data) => <PasskeysTable passkeys={data.passkeys} onRemove={setRemoving} />}
          </ListState>
          <h4>{i18n._('Add a passkey')}</h4>
          <AddPasskey status={status.data} />
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={i18n._('Remove this passkey?')}
        message={i18n._('“{name}” will no longer confirm it’s you.', { name: removing?.name ?? '' })}
        confirmLabel={i18n._('Remove')}
        danger
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast.success(i18n._('Passkey removed.'));
            },
            onError: (error) => {
              setRemoving(null);
              // A session that has not confirmed a passkey gets the passkey step (PasskeyPrompt) instead.
              if (!isMfaRequired(error)) toast.error(i18n._('The passkey could not be removed. Please try again.'));
            },
          })
        }
      />
    </section>
  );
}

function SessionsSection() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const signOutEverywhere = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="card detail-section" aria-labelledby="sessions-title">
      <h3 id="sessions-title">{i18n._('Sessions')}</h3>
      <p>
        {i18n._(
          'A sign-in lasts at most 12 hours and ends after 30 minutes without activity. If you signed in on a computer you no longer use, or lost a device, sign out everywhere: every browser where you are signed in is signed out, this one included.',
        )}
      </p>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        {i18n._('Sign out everywhere')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={i18n._('Sign out everywhere?')}
        message={i18n._('You will be signed out in every browser, this one included. To come back, send /login to the bot.')}
        confirmLabel={i18n._('Sign out everywhere')}
        danger
        busy={signOutEverywhere.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          signOutEverywhere.mutate(undefined, {
            onSuccess: () => void navigate('/dashboard', { replace: true, state: SIGNED_OUT_EVERYWHERE_STATE }),
            onError: () => {
              setConfirming(false);
              toast.error(i18n._('Signing out everywhere failed. Please try again.'));
            },
          })
        }
      />
    </section>
  );
}

/** /dashboard/security: the staff member's passkeys and sessions. */
export function SecurityPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Security'));
  return (
    <section aria-labelledby="security-title" className="security-page">
      <h2 id="security-title">{i18n._('Security')}</h2>
      <PasskeysSection />
      <SessionsSection />
    </section>
  );
}
