import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { PasskeyCheck } from '../../components/staff/passkey-check.tsx';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';

/**
 * Opens the passkey step whenever a dashboard action (a PDF, a removal) is refused with
 * mfa_required, wherever on the dashboard it was pressed. Staff press the action again afterwards.
 */
export function PasskeyPrompt() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && isMfaRequired(event.action.error)) setOpen(true);
      }),
    [queryClient],
  );
  const close = () => setOpen(false);
  return (
    <Dialog
      open={open}
      title={i18n._('Passkey needed')}
      onClose={close}
      actions={
        <button type="button" className="button button--secondary" onClick={close}>
          {i18n._('Close')}
        </button>
      }
    >
      <PasskeyCheck onDone={close} />
    </Dialog>
  );
}
