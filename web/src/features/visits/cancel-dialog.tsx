import { useLingui } from '@lingui/react';
import { Dialog, DialogActions } from '../../components/dialog.tsx';

/**
 * "Cancel this visit?" in the shared modal (components/dialog.tsx): focus moves in and stays there,
 * Escape keeps the visit, and focus returns to the button that opened it.
 */
export function CancelDialog({
  open,
  what,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  /** The visit in words: its type, car and time. */
  what: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <Dialog
      block="visit-dialog"
      open={open}
      title={i18n._('Cancel this visit?')}
      onClose={onClose}
      actions={
        <DialogActions
          dismissLabel={i18n._('Keep it')}
          onDismiss={onClose}
          confirmLabel={i18n._('Cancel the visit')}
          busy={busy}
          onConfirm={onConfirm}
        />
      }
    >
      <p>{what}</p>
    </Dialog>
  );
}
