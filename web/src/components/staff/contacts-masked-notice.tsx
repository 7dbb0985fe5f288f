import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { usePasskeys } from '../../lib/staff/api/get-passkeys.ts';
import { useViewer } from '../../lib/staff/api/get-viewer.ts';
import { ConfirmPasskeyButton } from './passkey-check.tsx';

/**
 * Says why shoppers' emails and phone numbers are partly hidden (the users list, the visits
 * calendar), with the way to show them: a web session shows them once it has confirmed a passkey
 * (docs/decisions/010-staff-sessions-and-passkeys.md). Inside Telegram, or with STAFF_MFA=off,
 * nothing is hidden and nothing is said.
 */
export function ContactsMaskedNotice() {
  const { i18n } = useLingui();
  const viewer = useViewer();
  const passkeys = usePasskeys();
  const status = passkeys.data;
  if (viewer.data?.via !== 'session' || !status?.mfaRequired || status.sessionVerified) return null;
  return (
    <div className="notice contacts-masked">
      <p>{i18n._('Emails and phone numbers are partly hidden until you confirm it’s you with your passkey.')}</p>
      {status.passkeys.length > 0 ? <ConfirmPasskeyButton /> : <Link to="/dashboard/security">{i18n._('Manage your passkeys')}</Link>}
    </div>
  );
}
