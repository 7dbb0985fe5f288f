import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import type { MyTradeIn, TradeInAngle, TradeInPhoto } from '../../../../../domain/contracts/trade-ins.ts';
import { TRADE_IN_ANGLES } from '../../../../../domain/trade-ins/trade-in.schema.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteTradeInPhoto, useTradeInAction } from '../../../lib/api/trade-ins.ts';
import { shrinkImage } from '../../../lib/shrink-image.ts';
import { fetchFile } from '../../../lib/staff/api/fetch-file.ts';
import { angleLabels } from '../trade-in-labels.ts';

/** A car's photo needs more detail than a licence's: a scratch should still show on the staff's screen. */
const PHOTO_MAX_EDGE = 2400;

type SlotState = { state: 'uploading'; progress: number } | { state: 'failed'; message: string } | null;

/** Inside Telegram a plain <img src> cannot say who asks (the identity is a header), so the photo is fetched as a call is. */
function Thumbnail({ photo, alt }: { photo: TradeInPhoto; alt: string }) {
  const file = useQuery({
    queryKey: ['trade-ins', 'mine', 'photo', photo.id],
    queryFn: ({ signal }) => fetchFile(photo.url, signal),
    staleTime: Infinity,
  });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : undefined), [file.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url ? <img className="tradein-photo__image" src={url} alt={alt} /> : <span className="tradein-photo__image" aria-hidden="true" />;
}

/** Whether this is a phone, whose camera a file input may open directly. */
function usePhoneCamera(): boolean {
  return useMemo(() => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true, []);
}

export interface PhotoSlotsProps {
  tradeIn: MyTradeIn | null;
  /** Shrinks nothing and waits for nothing: uploads one photo once the trade-in exists, in the screen's queue. */
  upload: (angle: TradeInAngle, photo: Blob, onProgress: (fraction: number) => void) => Promise<MyTradeIn>;
}

/**
 * A slot for each angle in the order the appraiser looks (domain TRADE_IN_ANGLES): a photo taken or
 * chosen is shrunk here, uploaded with its progress and shown from the server; damage takes several.
 */
export function PhotoSlots({ tradeIn, upload }: PhotoSlotsProps) {
  const { i18n } = useLingui();
  const labels = angleLabels(i18n);
  const phone = usePhoneCamera();
  const [slots, setSlots] = useState<Partial<Record<TradeInAngle, SlotState>>>({});
  const remove = useTradeInAction(deleteTradeInPhoto);
  const photos = tradeIn?.photos ?? [];

  const failureText = (error: unknown): string => {
    if (error instanceof ApiError && error.status === 413) return i18n._('This photo is too large. Choose a smaller one.');
    if (error instanceof ApiError && error.status === 415) return i18n._('This file is not a photo we can use. Choose another one.');
    if (error instanceof ApiError && error.code === 'network')
      return i18n._('The photo did not arrive. Check your connection and try again.');
    return i18n._('The photo was not added. Try again or choose another one.');
  };

  const pick = async (angle: TradeInAngle, event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    // Cleared so that choosing the same file again (after a failure) still fires a change.
    event.currentTarget.value = '';
    for (const file of files) {
      setSlots((current) => ({ ...current, [angle]: { state: 'uploading', progress: 0 } }));
      try {
        const photo = await shrinkImage(file, PHOTO_MAX_EDGE);
        await upload(angle, photo, (progress) =>
          setSlots((current) =>
            current[angle]?.state === 'uploading' ? { ...current, [angle]: { state: 'uploading', progress } } : current,
          ),
        );
        setSlots((current) => ({ ...current, [angle]: null }));
      } catch (error) {
        setSlots((current) => ({ ...current, [angle]: { state: 'failed', message: failureText(error) } }));
        return;
      }
    }
  };

  return (
    <div className="tradein-photos">
      {TRADE_IN_ANGLES.map((angle) => {
        const id = `tradein-photo-${angle}`;
        const titleId = `${id}-title`;
        const statusId = `${id}-status`;
        const taken = photos.filter((photo) => photo.angle === angle);
        const slot = slots[angle] ?? null;
        const several = angle === 'damage';
        const open = several || taken.length === 0;
        const inputProps = {
          type: 'file',
          accept: 'image/*',
          multiple: several,
          className: 'visually-hidden',
          'aria-describedby': slot ? statusId : undefined,
          onChange: (event: ChangeEvent<HTMLInputElement>) => void pick(angle, event),
        } as const;
        return (
          <div key={angle} className="tradein-photo" role="group" aria-labelledby={titleId}>
            <p id={titleId} className="tradein-photo__title">
              {labels[angle]}
              {several ? <span className="field__optional"> ({i18n._('Optional')})</span> : null}
            </p>
            {taken.map((photo) => (
              <div key={photo.id} className="tradein-photo__taken">
                <Thumbnail photo={photo} alt={i18n._('Photo: {label}', { label: labels[angle] })} />
                <button type="button" className="button button--ghost" disabled={remove.isPending} onClick={() => remove.mutate(photo.id)}>
                  {i18n._('Delete photo')}
                </button>
              </div>
            ))}
            {open ? (
              <div className="tradein-photo__actions">
                {phone ? (
                  <>
                    <input id={`${id}-camera`} capture="environment" aria-labelledby={`${titleId} ${id}-camera-text`} {...inputProps} />
                    <label htmlFor={`${id}-camera`} className="button button--secondary">
                      <span id={`${id}-camera-text`}>{i18n._('Take photo')}</span>
                    </label>
                  </>
                ) : null}
                <input id={id} aria-labelledby={`${titleId} ${id}-text`} {...inputProps} />
                <label htmlFor={id} className="button button--secondary">
                  <span id={`${id}-text`}>{i18n._('Choose a photo')}</span>
                </label>
              </div>
            ) : null}
            {slot ? (
              <div id={statusId} role={slot.state === 'failed' ? 'alert' : 'status'} className="tradein-photo__status">
                {slot.state === 'uploading' ? (
                  <>
                    {i18n._('Uploading...')}
                    <progress max={1} value={slot.progress} aria-labelledby={titleId} />
                  </>
                ) : (
                  <p className="field__error">{slot.message}</p>
                )}
              </div>
            ) : null}
          </div>
        );
      })}
      {remove.isError ? <p role="alert">{i18n._('The photo was not deleted. Try again.')}</p> : null}
    </div>
  );
}
