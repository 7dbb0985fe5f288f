import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons row. */
  actions: ReactNode;
  /**
   * The block its classes are named from (`{block}`, `{block}__title`, `__body`, `__actions`): the
   * dashboard's look is `dialog` (app/dashboard/dashboard.css), the shopper's visits bring their own
   * (`visit-dialog`, features/visits/visits.css), since the dashboard's styles are not loaded there.
   */
  block?: string;
}

/**
 * A modal on the native <dialog>: focus moves in and is held there, Escape closes it, and focus
 * returns to the control that opened it.
 */
export function Dialog({ open, title, onClose, children, actions, block = 'dialog' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open || dialog.open) return;
    const opener = document.activeElement;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={block}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className={`${block}__title`}>
            {title}
          </h2>
          <div className={`${block}__body`}>{children}</div>
          <div className={`${block}__actions`}>{actions}</div>
        </>
      ) : null}
    </dialog>
  );
}

type DialogActionsProps = {
  /** The button that closes without acting: "Cancel", "Keep it". */
  dismissLabel: string;
  onDismiss: () => void;
  confirmLabel: string;
  busy: boolean;
  /** For what cannot be undone, such as a rejection: the confirm button in the danger colour. */
  danger?: boolean;
  /** Held off until the choice is complete. */
  disabled?: boolean;
} & (
  | { onConfirm: () => void; form?: never }
  | {
      /** The id of the form in the dialog's body the confirm button submits. */
      form: string;
      onConfirm?: never;
    }
);

/** The row of a dialog that asks for one action: close without it, or take it (busy while it runs). */
export function DialogActions({
  dismissLabel,
  onDismiss,
  confirmLabel,
  busy,
  danger = false,
  disabled = false,
  ...confirm
}: DialogActionsProps) {
  return (
    <>
      <button type="button" className="button button--secondary" onClick={onDismiss}>
        {dismissLabel}
      </button>
      <button
        type={confirm.form === undefined ? 'button' : 'submit'}
        form={confirm.form}
        className={danger ? 'button button--danger' : 'button button--primary'}
        aria-busy={busy || undefined}
        disabled={busy || disabled}
        onClick={confirm.onConfirm}
      >
        {confirmLabel}
      </button>
    </>
  );
}
