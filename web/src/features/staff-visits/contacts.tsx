import { maskEmail, maskPhone } from '../../../../domain/contact-masking.ts';
import { formatPhoneDisplay } from '../../../../domain/format.ts';
import { usePasskeys } from '../../lib/staff/api/get-passkeys.ts';
import { useViewer } from '../../lib/staff/api/get-viewer.ts';

/**
 * Whether this session sees shoppers' phone numbers and emails whole: inside Telegram, with
 * STAFF_MFA off, or once a web session confirmed its passkey; until that is known they stay masked
 * (docs/decisions/010-staff-sessions-and-passkeys.md, docs/product/visits.md#staff-calendar).
 */
export function useContactsShown(): boolean {
  const viewer = useViewer();
  const passkeys = usePasskeys();
  if (viewer.data?.via === 'telegram') return true;
  return passkeys.data !== undefined && (!passkeys.data.mfaRequired || passkeys.data.sessionVerified);
}

/** The phone number as staff dial it, or masked to its last four digits. */
export const shownPhone = (phone: string, shown: boolean) => (shown ? formatPhoneDisplay(phone) : maskPhone(phone));

export const shownEmail = (email: string, shown: boolean) => (shown ? email : maskEmail(email));
