import { useLingui } from '@lingui/react';
import { useEffect, useId, useRef } from 'react';

/**
 * "Cancel this visit?" on the native <dialog>: focus moves in and stays there, Escape keeps the
 * visit, and focus returns to the button that opened it.
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
      className="visit-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className="visit-dialog__title">
            {i18n._('Cancel this visit?')}
          </h2>
          <p>{what}</p>
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {i18n._('Keep it')}
            </button>
            <button type="button" className="button button--primary" aria-busy={busy || undefined} disabled={busy} onClick={onConfirm}>
              {i18n._('Cancel the visit')}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
