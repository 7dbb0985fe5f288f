import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { InventoryCar, InventoryPhoto } from '../../../../domain/contracts/inventory.ts';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { shrinkImage } from '../../lib/shrink-image.ts';
import { createUploadQueue } from '../../lib/upload-with-progress.ts';
import { deleteCarPhoto } from './api/delete-car-photo.ts';
import { inventoryCarQuery } from './api/get-inventory-car.ts';
import { reorderCarPhotos } from './api/reorder-car-photos.ts';
import { uploadCarPhoto } from './api/upload-car-photo.ts';
import { ActionButton } from '../../components/staff/action-button.tsx';
import { ConfirmDialog } from '../../components/staff/confirm-dialog.tsx';
import { ArrowLeftIcon, ArrowRightIcon, StarIcon, TrashIcon, UploadIcon } from '../../components/staff/icons.tsx';

/**
 * Car photos are shrunk to 3,000 px on the longest edge, not the licence's 2,000: they are the
 * catalogue's pictures, cut by the server into variants up to 1,920 px wide, and the extra detail
 * keeps those sharp on large screens and after a crop, where a licence only has to stay legible.
 * That is still a fifth of a 48 MP phone photo's pixels, so uploads stay quick.
 */
export const CAR_PHOTO_MAX_EDGE = 3000;

/** The types the photo endpoint takes; pickers use it to offer photos first. */
const ACCEPT = 'image/jpeg,image/png,image/webp';

type Upload =
  | { key: number; name: string; state: 'waiting' | 'preparing' | 'done' }
  | { key: number; name: string; state: 'uploading'; progress: number }
  | { key: number; name: string; state: 'failed'; file: File; error: unknown };

/** Moves the photo at `from` to `to`, the others keeping their order. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The photos of a car (docs/product/inventory.md#photos): several chosen or dropped at once, each shrunk
 * here and uploaded one after another with its own progress and its own answer; reordered by drag
 * or by buttons (keyboard), the first being the cover; deleted after a confirmation.
 */
export function PhotoManager({ car }: { car: InventoryCar }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [deleting, setDeleting] = useState<InventoryPhoto | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropping, setDropping] = useState(false);
  const [uploadQueue] = useState(createUploadQueue);
  const nextKey = useRef(1);
  const refocus = useRef<{ photoId: string; action: string } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const photos = car.photos;
  const carKey = inventoryCarQuery(car.uuid).queryKey;

  useEffect(() => {
    const target = refocus.current;
    if (!target || !list.current) return;
    refocus.current = null;
    const item = [...list.current.querySelectorAll<HTMLElement>('[data-photo-id]')].find(
      (element) => element.dataset.photoId === target.photoId,
    );
    // The same button when it is still available; at either end, the first one that is.
    const available = 'button:not([aria-disabled="true"])';
    const button = item?.querySelector<HTMLElement>(`[data-action="${target.action}"] ${available}`);
    (button ?? item?.querySelector<HTMLElement>(`[data-action] ${available}`))?.focus();
  }, [photos]);

  /** The photos the server answered with; the car is asked again for its version, the form keeping what staff typed. */
  const showPhotos = async (answer: InventoryPhoto[]) => {
    queryClient.setQueryData<InventoryCar>(carKey, (current) => (current ? { ...current, photos: answer } : current));
    await queryClient.invalidateQueries({ queryKey: carKey });
  };

  const patchUpload = (key: number, change: Upload | null) =>
    setUploads((current) =>
      change === null ? current.filter((item) => item.key !== key) : current.map((item) => (item.key === key ? change : item)),
    );

  const send = (key: number, file: File) => {
    const run = async () => {
      patchUpload(key, { key, name: file.name, state: 'preparing' });
      const photo = await shrinkImage(file, CAR_PHOTO_MAX_EDGE);
      patchUpload(key, { key, name: file.name, state: 'uploading', progress: 0 });
      try {
        const answer = await uploadCarPhoto(car.uuid, photo instanceof File ? photo : new File([photo], file.name, { type: photo.type }), {
          onProgress: (progress) => patchUpload(key, { key, name: file.name, state: 'uploading', progress }),
        });
        patchUpload(key, { key, name: file.name, state: 'done' });
        await showPhotos(answer);
      } catch (error) {
        patchUpload(key, { key, name: file.name, state: 'failed', file, error });
      }
    };
    void uploadQueue(run);
  };

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const added = [...files].map((file) => ({ key: nextKey.current++, name: file.name, state: 'waiting' as const, file }));
    setUploads((current) => [...current.filter((item) => item.state !== 'done'), ...added.map(({ file: _file, ...item }) => item)]);
    for (const item of added) send(item.key, item.file);
  };

  const problem = (error: unknown): string => {
    if (!(error instanceof ApiError)) return i18n._('The photo could not be prepared. Please try another one.');
    if (error.code === 'network') return i18n._('The upload did not finish. Check your connection and try again.');
    switch (error.status) {
      case 415:
        return i18n._('This file is not a photo we can use. Choose a JPEG, PNG or WebP image.');
      case 413:
        return i18n._('This photo is too large: each may be up to 20 MB.');
      case 503:
        return i18n._('The server is busy with other photos. Wait a few seconds, then try again.');
      default:
        return i18n._('The upload failed (error {status}): {message}', { status: error.status, message: error.message });
    }
  };
  const retryable = (error: unknown) =>
    !(error instanceof ApiError) || error.code === 'network' || error.status === 503 || error.status >= 500;

  const reorder = async (order: InventoryPhoto[], focus?: { photoId: string; action: string }) => {
    setBusy(true);
    const previous = photos;
    queryClient.setQueryData<InventoryCar>(carKey, (current) => (current ? { ...current, photos: order } : current));
    if (focus) refocus.current = focus;
    try {
      const answer = await reorderCarPhotos(
        car.uuid,
        order.map((photo) => photo.id),
      );
      await showPhotos(answer);
    } catch {
      queryClient.setQueryData<InventoryCar>(carKey, (current) => (current ? { ...current, photos: previous } : current));
      toast.error(i18n._('The photos could not be reordered. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const move = (index: number, to: number, action: string) => {
    if (busy || to < 0 || to >= photos.length) return;
    const photo = photos[index]!;
    setAnnouncement(
      to === 0
        ? i18n._('Photo moved to first place: it is the cover now.')
        : i18n._('Photo moved to place {place} of {total}.', { place: to + 1, total: photos.length }),
    );
    void reorder(moved(photos, index, to), { photoId: photo.id, action });
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const answer = await deleteCarPhoto(car.uuid, deleting.id);
      await showPhotos(answer);
      toast.success(i18n._('Photo deleted.'));
    } catch {
      toast.error(i18n._('The photo could not be deleted. Please try again.'));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const dropFiles = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDropping(false);
    if (dragged === null) add(event.dataTransfer.files);
  };

  return (
    <section className="photo-manager" aria-labelledby="photos-title">
      <h3 id="photos-title">{i18n._('Photos ({count})', { count: photos.length })}</h3>
      <div
        className={dropping ? 'photo-drop photo-drop--over' : 'photo-drop'}
        onDragOver={(event) => {
          if (dragged !== null) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={dropFiles}
      >
        <input
          id="car-photos-input"
          type="file"
          accept={ACCEPT}
          multiple
          className="visually-hidden"
          onChange={(event) => {
            add(event.currentTarget.files);
            // Cleared so that choosing the same files again (after a failure) still fires a change.
            event.currentTarget.value = '';
          }}
        />
        <label htmlFor="car-photos-input" className="button button--primary">
          <UploadIcon />
          {i18n._('Choose photos')}
        </label>
        <p className="edit-field__hint">
          {i18n._('Or drop them here. JPEG, PNG or WebP, up to 20 MB each; the first photo is the cover.')}
        </p>
      </div>

      {uploads.length > 0 ? (
        <ul className="photo-uploads" aria-label={i18n._('Uploads')}>
          {uploads.map((upload) => (
            <li key={upload.key} className="photo-upload">
              <span className="photo-upload__name">{upload.name}</span>
              {upload.state === 'waiting' ? <span>{i18n._('Waiting...')}</span> : null}
              {upload.state === 'preparing' ? <span>{i18n._('Preparing photo...')}</span> : null}
              {upload.state === 'uploading' ? (
                <progress max={1} value={upload.progress} aria-label={i18n._('Uploading {name}', { name: upload.name })} />
              ) : null}
              {upload.state === 'done' ? <span className="photo-upload__done">{i18n._('Photo uploaded')}</span> : null}
              {upload.state === 'failed' ? (
                <span className="photo-upload__problem" role="alert">
                  {problem(upload.error)}
                  {retryable(upload.error) ? (
                    <button type="button" className="button button--secondary" onClick={() => send(upload.key, upload.file)}>
                      {i18n._('Retry')}
                    </button>
                  ) : (
                    <button type="button" className="button button--secondary" onClick={() => patchUpload(upload.key, null)}>
                      {i18n._('Dismiss')}
                    </button>
                  )}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {photos.length === 0 ? (
        <p className="notice">{i18n._('No photos yet. A car without photos shows a placeholder in the catalogue.')}</p>
      ) : (
        <ol ref={list} className="photo-list" aria-label={i18n._('Photos in order; the first is the cover')}>
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              data-photo-id={photo.id}
              className={dragged === photo.id ? 'photo-item photo-item--dragged' : 'photo-item'}
              draggable={!busy}
              onDragStart={(event) => {
                setDragged(photo.id);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => {
                if (dragged !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.stopPropagation();
                const from = photos.findIndex((item) => item.id === dragged);
                setDragged(null);
                if (from >= 0 && from !== index) void reorder(moved(photos, from, index));
              }}
            >
              <figure>
                <img
                  src={photo.url}
                  alt={i18n._('Photo {place} of {total}', { place: index + 1, total: photos.length })}
                  width={160}
                  height={120}
                  loading="lazy"
                />
                <figcaption>
                  {index === 0 ? (
                    <strong className="photo-item__cover">{i18n._('Cover')}</strong>
                  ) : (
                    i18n._('Photo {place}', { place: index + 1 })
                  )}
                </figcaption>
              </figure>
              <div className="row-actions photo-item__actions">
                <span data-action="earlier">
                  <ActionButton
                    icon={<ArrowLeftIcon />}
                    label={i18n._('Move earlier')}
                    disabledReason={index === 0 ? i18n._('This photo is already first') : undefined}
                    busy={busy}
                    onClick={() => move(index, index - 1, 'earlier')}
                  />
                </span>
                <span data-action="later">
                  <ActionButton
                    icon={<ArrowRightIcon />}
                    label={i18n._('Move later')}
                    disabledReason={index === photos.length - 1 ? i18n._('This photo is already last') : undefined}
                    busy={busy}
                    onClick={() => move(index, index + 1, 'later')}
                  />
                </span>
                <span data-action="cover">
                  <ActionButton
                    icon={<StarIcon />}
                    label={i18n._('Make cover')}
                    disabledReason={index === 0 ? i18n._('This photo is the cover') : undefined}
                    busy={busy}
                    onClick={() => move(index, 0, 'cover')}
                  />
                </span>
                <ActionButton
                  icon={<TrashIcon />}
                  label={i18n._('Delete')}
                  variant="danger"
                  busy={busy}
                  onClick={() => setDeleting(photo)}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={i18n._('Delete this photo?')}
        message={i18n._('The photo leaves the car and the catalogue for good.')}
        confirmLabel={i18n._('Delete')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
