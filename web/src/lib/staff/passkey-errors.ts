import type { I18n } from '@lingui/core';
import { WebAuthnError } from '@simplewebauthn/browser';
import { ApiError } from '../api-client.ts';

/** A personal-data call refused until this browser's session confirms a passkey (STAFF_MFA). */
export const isMfaRequired = (error: unknown) => error instanceof ApiError && error.code === 'mfa_required';

/** What went wrong with adding or using a passkey, in the staff member's words and language. */
export function passkeyErrorMessage(error: unknown, i18n: I18n): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'forbidden':
        return i18n._(
          'The 10 minutes for adding your first passkey have passed. Send /login to the bot again, open the new link in this browser, then add your passkey.',
        );
      case 'mfa_required':
        return i18n._('Confirm it’s you with one of your passkeys first.');
      case 'conflict':
        return i18n._('The passkey request expired. Please try again.');
      default:
        return i18n._('The passkey could not be verified. Please try again.');
    }
  }
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return i18n._('This device already holds one of your passkeys.');
  if (error instanceof Error && error.name === 'NotAllowedError') return i18n._('The passkey request was cancelled or timed out.');
  return i18n._('Passkeys did not work in this browser. Please try again, or use another browser or device.');
}
