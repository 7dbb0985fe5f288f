import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { DOCUMENT_MAX_BYTES, type LicenceSide } from '../../../../../domain/contracts/documents.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadDocument } from '../api/upload-document.ts';
import { shrinkImage } from '../../../lib/shrink-image.ts';
import { createUploadQueue } from '../../../lib/upload-with-progress.ts';
import './licence.css';

/** The types the documents endpoint takes; pickers use it to offer photos first. */
const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_MEGABYTES = DOCUMENT_MAX_BYTES / (1024 * 1024);

type Problem = 'wrong_type' | 'too_large' | 'unreadable' | 'too_many' | 'offline' | 'network' | 'server';

/** Only these can succeed on a second try with the same photo. */
const RETRYABLE: ReadonlySet<Problem> = new Set(['too_many', 'offline', 'network', 'server']);

type Upload =
  | { state: 'idle' }
  | { state: 'preparing' }
  | { state: 'uploading'; photo: Blob; progress: number }
  | { state: 'failed'; photo: Blob; problem: Problem; status: number }
  | { state: 'done'; photo: Blob; documentId: string };

function problemOf(error: unknown): { problem: Problem; status: number } {
  const status = error instanceof ApiError ? error.status : 500;
  if (error instanceof ApiError && error.code === 'network') {
    return { problem: typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'network', status };
  }
  const byStatus: Record<number, Problem> = { 400: 'unreadable', 413: 'too_large', 415: 'wrong_type', 429: 'too_many' };
  return { problem: byStatus[status] ?? 'server', status };
}

function CameraIcon({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9 4 7.2 6H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-3.2L15 4H9Zm3 4.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg className="licence-field__check" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6 11-11-1.4-1.4-9.6 9.6Z" />
    </svg>
  );
}

/**
 * The local photo, shown from an object URL. The URL is made and revoked by an effect rather than
 * kept in state, so StrictMode's second mount gets a live URL and none is leaked.
 */
function PhotoPreview({ photo, alt }: { photo: Blob; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  // A photo the browser cannot draw (a file of the wrong type, or one only the server could read)
  // leaves no image at all: not a broken icon with its alt text, whatever the stylesheet says.
  const [broken, setBroken] = useState<Blob | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(photo);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  if (broken === photo) return null;
  return <img ref={image} className="licence-field__preview" alt={alt} onError={() => setBroken(photo)} />;
}

/**
 * Photos are sent one after another, never at once: a web visitor with no session yet gets one
 * from their first upload, and two uploads at the same moment would each make a different guest,
 * so the application could not use both photos.
 */
const uploadQueue = createUploadQueue();

export interface LicencePhotoFieldProps {
  /** The id of the camera input, which error summaries link to. */
  id: string;
  side: LicenceSide;
  label: string;
  /** The uploaded document's id, or '' for none. */
  value: string;
  onChange: (documentId: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
  error?: string | undefined;
}

/**
 * One side of the driver's licence: take a photo (camera) or choose one (gallery), shrunk here and
 * uploaded at once. Two inputs because Telegram's Android client cannot open the camera from a file
 * input, so the gallery must always be a way in.
 */
export function LicencePhotoField({ id, side, label, value, onChange, onUploadingChange, error }: LicencePhotoFieldProps) {
  const { i18n } = useLingui();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const camera = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const reportUploading = useRef(onUploadingChange);
  useEffect(() => {
    reportUploading.current = onUploadingChange;
  });

  const finish = (controller: AbortController) => {
    if (running.current !== controller) return;
    running.current = null;
    reportUploading.current?.(false);
  };

  // Leaving the step mid-upload must not leave the caller waiting for it.
  useEffect(
    () => () => {
      if (!running.current) return;
      running.current.abort();
      running.current = null;
      reportUploading.current?.(false);
    },
    [],
  );

  const start = (): AbortController => {
    const previous = running.current;
    previous?.abort();
    const controller = new AbortController();
    running.current = controller;
    if (!previous) reportUploading.current?.(true);
    return controller;
  };

  const send = async (photo: Blob, controller: AbortController) => {
    if (photo.size > DOCUMENT_MAX_BYTES) {
      setUpload({ state: 'failed', photo, problem: 'too_large', status: 413 });
      finish(controller);
      return;
    }
    setUpload({ state: 'uploading', photo, progress: 0 });
    try {
      const stored = await uploadQueue(() =>
        uploadDocument(side, photo, {
          signal: controller.signal,
          onProgress: (progress) =>
            setUpload((current) => (current.state === 'uploading' && current.photo === photo ? { ...current, progress } : current)),
        }),
      );
      if (controller.signal.aborted) return;
      const documentId = String(stored.id);
      setUpload({ state: 'done', photo, documentId });
      onChange(documentId);
    } catch (failure) {
      if (controller.signal.aborted) return;
      setUpload({ state: 'failed', photo, ...problemOf(failure) });
    } finally {
      finish(controller);
    }
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Cleared so that choosing the same file again (after a failure) still fires a change.
    event.currentTarget.value = '';
    if (!file) return;
    const controller = start();
    setUpload({ state: 'preparing' });
    const photo = await shrinkImage(file);
    if (controller.signal.aborted) return;
    await send(photo, controller);
  };

  const retry = () => {
    if (upload.state === 'failed') void send(upload.photo, start());
  };

  const remove = () => {
    const controller = running.current;
    controller?.abort();
    if (controller) finish(controller);
    setUpload({ state: 'idle' });
    onChange('');
    camera.current?.focus();
  };

  // A finished upload the caller no longer holds (removed, reset, replaced elsewhere) is not shown.
  const local =
    upload.state === 'idle' || upload.state === 'preparing' || (upload.state === 'done' && upload.documentId !== value) ? null : upload;
  const uploaded = local?.state === 'done' || (!local && upload.state !== 'preparing' && value !== '');
  const hasPhoto = local !== null || uploaded;
  const problem = upload.state === 'failed' ? upload : null;

  const titleId = `${id}-title`;
  const cameraTextId = `${id}-camera-text`;
  const galleryId = `${id}-gallery`;
  const galleryTextId = `${id}-gallery-text`;
  const problemId = `${id}-problem`;
  const errorId = `${id}-error`;
  const describedBy = [problem ? problemId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  const problemText = (kind: Problem, status: number): string => {
    switch (kind) {
      case 'wrong_type':
        return i18n._('This file is not a photo we can use. Choose a JPEG, PNG or WebP image.');
      case 'too_large':
        return i18n._('This photo is larger than {size} MB. Choose a smaller one or take it again at a lower resolution.', {
          size: MAX_MEGABYTES,
        });
      case 'unreadable':
        return i18n._('We could not read this photo. It may be damaged: take it again or choose another one.');
      case 'too_many':
        return i18n._('Too many photos have been uploaded. Wait a while, then try again.');
      case 'offline':
        return i18n._('You are offline. Connect to the internet and try again.');
      case 'network':
        return i18n._('The upload did not finish. Check your connection and try again.');
      case 'server':
        return i18n._('The upload failed (error {status}). Please try again.', { status });
    }
  };

  const inputProps = {
    type: 'file',
    accept: ACCEPT,
    className: 'licence-field__input visually-hidden',
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => void pick(event),
  } as const;

  return (
    <div className={`licence-field${error ? ' licence-field--invalid' : ''}`} role="group" aria-labelledby={titleId}>
      <p id={titleId} className="licence-field__title">
        {label}
      </p>

      <input ref={camera} id={id} capture="environment" aria-labelledby={`${titleId} ${cameraTextId}`} {...inputProps} />
      <label htmlFor={id} className="licence-field__target">
        {local ? (
          <PhotoPreview photo={local.photo} alt={i18n._('Your photo: {label}', { label })} />
        ) : upload.state === 'preparing' ? null : (
          <CameraIcon className="licence-field__placeholder" />
        )}
        <span id={cameraTextId} className="licence-field__target-text">
          <CameraIcon className="licence-field__icon" />
          {hasPhoto ? i18n._('Retake photo') : i18n._('Take a photo')}
        </span>
      </label>

      <div className="licence-field__actions">
        <input id={galleryId} aria-labelledby={`${titleId} ${galleryTextId}`} {...inputProps} />
        <label htmlFor={galleryId} className="button button--secondary licence-field__button">
          <span id={galleryTextId}>{i18n._('Choose from gallery')}</span>
        </label>
        {(hasPhoto || upload.state === 'preparing') && (
          <button type="button" className="button button--ghost licence-field__button" onClick={remove}>
            {i18n._('Remove photo')}
          </button>
        )}
      </div>

      <div className="licence-field__status" role="status">
        {upload.state === 'preparing' && i18n._('Preparing photo...')}
        {upload.state === 'uploading' && i18n._('Uploading photo...')}
        {uploaded && (
          <span className="licence-field__done">
            <CheckIcon />
            {i18n._('Photo uploaded')}
          </span>
        )}
      </div>
      {(upload.state === 'preparing' || upload.state === 'uploading') && (
        <progress
          className="licence-field__progress"
          max={1}
          value={upload.state === 'uploading' ? upload.progress : undefined}
          aria-labelledby={titleId}
        />
      )}

      {problem && (
        <div className="licence-field__problem" role="alert">
          <p id={problemId}>{problemText(problem.problem, problem.status)}</p>
          {value !== '' && <p>{i18n._('Your previous photo is still attached.')}</p>}
          {RETRYABLE.has(problem.problem) && (
            <button type="button" className="button button--primary licence-field__button" onClick={retry}>
              {i18n._('Retry')}
            </button>
          )}
        </div>
      )}

      {error && (
        <p id={errorId} className="licence-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
