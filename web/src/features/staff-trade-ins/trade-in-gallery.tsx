import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { StaffTradeIn, TradeInPhoto } from '../../../../domain/contracts/trade-ins.ts';
import { TRADE_IN_ANGLES } from '../../../../domain/trade-ins/trade-in.schema.ts';
import { Dialog } from '../../components/dialog.tsx';
import { ANGLE_LABELS } from './labels.ts';
import { TradeInImage } from './trade-in-photo.tsx';

/**
 * The owner's photos as thumbnails under their angle, in the order the describe screen asks them,
 * each opening larger; then the required angles no photo shows yet.
 */
export function TradeInGallery({ tradeIn }: { tradeIn: StaffTradeIn }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState<{ photo: TradeInPhoto; label: string } | null>(null);
  const groups = TRADE_IN_ANGLES.map((angle) => ({ angle, photos: tradeIn.photos.filter((photo) => photo.angle === angle) })).filter(
    (group) => group.photos.length > 0,
  );
  return (
    <section className="card detail-section trade-in__photos" aria-labelledby="trade-in-photos">
      <h3 id="trade-in-photos">{i18n._('Photos')}</h3>
      {groups.length === 0 ? <p>{i18n._('No photos.')}</p> : null}
      {groups.map(({ angle, photos }) => (
        <div key={angle} className="trade-in__angle" role="group" aria-labelledby={`trade-in-angle-${angle}`}>
          <h4 id={`trade-in-angle-${angle}`}>{i18n._(ANGLE_LABELS[angle])}</h4>
          <ul className="trade-in__thumbs">
            {photos.map((photo, index) => {
              const label = photos.length === 1 ? i18n._(ANGLE_LABELS[angle]) : `${i18n._(ANGLE_LABELS[angle])} ${index + 1}`;
              return (
                <li key={photo.id}>
                  <button
                    type="button"
                    className="trade-in__thumb"
                    aria-label={i18n._('View {side} larger', { side: label })}
                    onClick={() => setOpen({ photo, label })}
                  >
                    <TradeInImage path={photo.url} alt="" />
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <p className={tradeIn.missingAngles.length === 0 ? 'edit-field__hint' : 'notice'}>
        {tradeIn.missingAngles.length === 0
          ? i18n._('Every angle asked for has a photo.')
          : i18n._('Missing photos: {angles}', {
              angles: tradeIn.missingAngles.map((angle) => i18n._(ANGLE_LABELS[angle])).join(', '),
            })}
      </p>
      <Dialog
        open={open !== null}
        title={open?.label ?? ''}
        onClose={() => setOpen(null)}
        actions={
          <button type="button" className="button button--secondary" onClick={() => setOpen(null)}>
            {i18n._('Close')}
          </button>
        }
      >
        {open ? <TradeInImage path={open.photo.url} alt={open.label} className="trade-in__large" /> : null}
      </Dialog>
    </section>
  );
}
