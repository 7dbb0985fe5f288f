import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { allowModalDialogs } from '../test/staff-fixtures.ts';
import { Dialog, DialogActions } from './dialog.tsx';

beforeAll(allowModalDialogs);

/** A page with the button that opens the dialog, as the staff and shopper screens have. */
function Opener({ block, onConfirm = () => undefined }: { block?: string; onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove the car
      </button>
      <Dialog
        open={open}
        title="Remove this car?"
        onClose={close}
        block={block}
        actions={<DialogActions dismissLabel="Keep it" onDismiss={close} confirmLabel="Remove" busy={false} onConfirm={onConfirm} />}
      >
        <p>It leaves the catalogue.</p>
      </Dialog>
    </>
  );
}

describe('the shared modal dialog', () => {
  it('opens named by its title, and Escape closes it with focus back on the button that opened it', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Remove the car' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Remove this car?' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByText('It leaves the catalogue.')).toBeTruthy();

    // The browser fires `cancel` on the modal when Escape is pressed.
    const escape = new Event('cancel', { cancelable: true });
    fireEvent(dialog, escape);

    expect(escape.defaultPrevented).toBe(true);
    expect(screen.queryByText('It leaves the catalogue.')).toBeNull();
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes from its dismiss button and acts from its confirm button', async () => {
    const onConfirm = vi.fn();
    render(<Opener onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Remove the car' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('names its classes after the block the screen styles', async () => {
    render(<Opener block="visit-dialog" />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove the car' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this car?' });
    expect(dialog.className).toBe('visit-dialog');
    expect(screen.getByRole('heading', { name: 'Remove this car?' }).className).toBe('visit-dialog__title');
    expect(screen.getByRole('button', { name: 'Keep it' }).parentElement?.className).toBe('visit-dialog__actions');
  });
});

describe('the actions row', () => {
  it('holds the confirm button while busy', () => {
    render(
      <DialogActions dismissLabel="Cancel" onDismiss={() => undefined} confirmLabel="Reject" busy danger onConfirm={() => undefined} />,
    );
    const confirm = screen.getByRole<HTMLButtonElement>('button', { name: 'Reject' });
    expect(confirm.disabled).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(confirm.className).toBe('button button--danger');
  });

  it('submits the dialog’s form when given one', () => {
    render(<DialogActions dismissLabel="Cancel" onDismiss={() => undefined} confirmLabel="Save" busy={false} form="faq-form" />);
    const confirm = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(confirm.type).toBe('submit');
    expect(confirm.getAttribute('form')).toBe('faq-form');
    expect(confirm.disabled).toBe(false);
  });
});
