import { useLingui } from '@lingui/react';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';

/**
 * What staff are told when a change of a visit is refused: a visit cancelled or begun meanwhile
 * (409 visit_closed) is shown as it is now, since the calendar is asked again; a refusal for want of
 * the passkey says nothing, as the dashboard's passkey step opens by itself (app/dashboard/passkey-prompt.tsx).
 */
export function useVisitChangeFailed() {
  const { i18n } = useLingui();
  return (error: unknown, otherwise: string) => {
    if (isMfaRequired(error)) return;
    if (error instanceof ApiError && error.code === 'visit_closed') {
      toast.error(i18n._('This visit was cancelled or has begun meanwhile: the calendar now shows it as it is.'));
      return;
    }
    toast.error(otherwise);
  };
}
