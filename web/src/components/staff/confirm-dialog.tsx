import { useLingui } from '@lingui/react';
import { Dialog, DialogActions } from '../dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" before an action that is hard to undo (revoking admin, deleting a FAQ). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  danger = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { i18n } = useLingui();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <DialogActions
          dismissLabel={i18n._('Cancel')}
          onDismiss={onClose}
          confirmLabel={confirmLabel}
          busy={busy}
          danger={danger}
          onConfirm={onConfirm}
        />
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
