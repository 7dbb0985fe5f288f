import { useLingui } from '@lingui/react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { CarImage } from '../../../../../domain/contracts/cars.ts';
import { HydrateLater } from '../../../components/hydrate-later.tsx';
import { CarPicture } from './car-picture.tsx';

/** The main photo fills the page on a phone and the wider of the two columns beyond (cars.css). */
const MAIN_SIZES = '(max-width: 799.98px) 100vw, 60vw';
/** Thumbnails are 96 px wide. */
const THUMB_SIZES = '96px';

interface PhotoGalleryProps {
  photos: CarImage[];
  /** The car's name, for the photos' alt text. */
  title: string;
}

/**
 * Main photo with thumbnails. Arrow keys, Home and End step through the photos from any of the
 * gallery's buttons; thumbnails use a roving tabindex so Tab enters and leaves the strip in one step.
 */
export function PhotoGallery({ photos, title }: PhotoGalleryProps) {
  const { i18n } = useLingui();
  const id = useId();
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const count = photos.length;
  const index = Math.min(current, Math.max(0, count - 1));
  if (count === 0) return null;

  const photoLabel = (n: number) => i18n._('Photo {index} of {count}', { index: n + 1, count });
  const show = (next: number, focusThumb: boolean) => {
    const wrapped = (next + count) % count;
    setCurrent(wrapped);
    if (focusThumb) thumbs.current[wrapped]?.focus();
  };

  // Handled on the buttons, the gallery's only focusable parts. From a thumbnail, focus follows the
  // photo so the roving tabindex stays on the current one.
  const stepWithKeys = (event: KeyboardEvent<HTMLButtonElement>, focusThumb: boolean) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next, focusThumb);
  };

  return (
    <section className="gallery" aria-label={i18n._('Photos')}>
      <div className="gallery__main">
        <CarPicture
          id={`${id}-main`}
          image={photos[index]!}
          alt={`${title} — ${photoLabel(index)}`}
          sizes={MAIN_SIZES}
          loading="eager"
          fetchPriority="high"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              className="gallery__nav gallery__nav--prev"
              aria-label={i18n._('Previous photo')}
              onClick={() => show(index - 1, false)}
              onKeyDown={(event) => stepWithKeys(event, false)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="gallery__nav gallery__nav--next"
              aria-label={i18n._('Next photo')}
              onClick={() => show(index + 1, false)}
              onKeyDown={(event) => stepWithKeys(event, false)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
      </div>
      {/* The strip is hydrated after the cover photo, and its pictures load as they near the screen. */}
      {count > 1 ? (
        <HydrateLater>
          <ul className="gallery__thumbs">
            {photos.map((photo, n) => (
              <li key={photo.src}>
                <button
                  type="button"
                  ref={(element) => {
                    thumbs.current[n] = element;
                  }}
                  className="gallery__thumb"
                  aria-label={photoLabel(n)}
                  aria-current={n === index ? 'true' : undefined}
                  aria-controls={`${id}-main`}
                  tabIndex={n === index ? 0 : -1}
                  onClick={() => show(n, false)}
                  onKeyDown={(event) => stepWithKeys(event, true)}
                >
                  <CarPicture image={photo} alt="" sizes={THUMB_SIZES} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </HydrateLater>
      ) : null}
    </section>
  );
}
