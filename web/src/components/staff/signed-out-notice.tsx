import { useLingui } from '@lingui/react';
import { useLocation } from 'react-router';

/** What Sign out everywhere hands the sign-in page in the history entry's state. */
export const SIGNED_OUT_EVERYWHERE_STATE = { signedOutEverywhere: true } as const;

/** The staff sign-in page after Sign out everywhere: says that it worked. */
export function SignedOutEverywhereNotice() {
  const { i18n } = useLingui();
  const state: unknown = useLocation().state;
  const signedOut = typeof state === 'object' && state !== null && 'signedOutEverywhere' in state && state.signedOutEverywhere === true;
  if (!signedOut) return null;
  return (
    <p className="notice notice--success" role="status">
      {i18n._('You were signed out on every device.')}
    </p>
  );
}
