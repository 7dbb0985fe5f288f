import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StaffTradeIn } from '../../../../domain/contracts/trade-ins.ts';
import { ConfirmDialog } from '../../components/staff/confirm-dialog.tsx';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { usePutTradeInIntoStock } from './api/trade-in-to-inventory.ts';
import { FocusedNotice } from './focused-notice.tsx';

const carPath = (uuid: string) => `/dashboard/inventory/${uuid}`;

/**
 * An accepted trade-in becomes a draft car of the inventory, its photos copied, after a
 * confirmation; then, and whenever it is in stock already, a link to that car's editing page.
 */
export function TradeInStock({ tradeIn }: { tradeIn: StaffTradeIn }) {
  const { i18n } = useLingui();
  const put = usePutTradeInIntoStock(tradeIn.id);
  const [confirming, setConfirming] = useState(false);
  const [made, setMade] = useState<{ carUuid: string; photoCount: number } | null>(null);
  const [conflicts, setConflicts] = useState(0);
  if (tradeIn.status !== 'accepted' && tradeIn.carUuid === null) return null;

  const confirm = () =>
    put.mutate(undefined, {
      onSuccess: (car) => setMade(car),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setConflicts((count) => count + 1);
        else if (!isMfaRequired(error)) toast.error(i18n._('The car could not be put into stock. Please try again.'));
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <section className="card detail-section trade-in__stock" aria-labelledby="trade-in-stock">
      <h3 id="trade-in-stock">{i18n._('Inventory')}</h3>
      {made ? (
        <FocusedNotice tone="success">
          <p>
            {i18n._('The car is in the inventory as a draft, with {count, plural, one {# photo} other {# photos}}.', {
              count: made.photoCount,
            })}
          </p>
          <Link to={carPath(made.carUuid)}>{i18n._('Open the car in the inventory')}</Link>
        </FocusedNotice>
      ) : tradeIn.carUuid !== null ? (
        <p>
          <Link to={carPath(tradeIn.carUuid)}>{i18n._('Open the car in the inventory')}</Link>
        </p>
      ) : (
        <>
          {conflicts > 0 ? (
            <FocusedNotice key={conflicts} tone="error">
              {i18n._('The car was not put into stock: it is in the inventory already, or the trade-in is no longer accepted.')}
            </FocusedNotice>
          ) : null}
          <p className="edit-field__hint">
            {i18n._('Makes a draft car of the inventory from the owner’s answers and photos, for you to complete and list.')}
          </p>
          <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
            {i18n._('Put into stock')}
          </button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={i18n._('Put this car into stock?')}
        message={i18n._('{title} becomes a draft car of the inventory, with its photos. Do it once the car is at the dealership.', {
          title: tradeIn.title,
        })}
        confirmLabel={i18n._('Put into stock')}
        busy={put.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
