import type { CarImage } from './contracts/cars.ts';

/** One stored width of a car photo: its blobs' hashes by format, and its pixels. */
export interface CarPhotoVariant {
  webp: string;
  jpeg: string;
  width: number;
  height: number;
}

/** The widths a car photo is stored in (docs/decisions/018-car-photos.md): a phone's card, a tablet's, a desktop's page, a large screen's. */
export const CAR_PHOTO_WIDTHS = [320, 640, 1280, 1920] as const;

/** The width whose JPEG stands for the photo where one URL is all there is (a card's `photo`, og:image). */
const FALLBACK_WIDTH = '1280';

export type CarPhotoVariants = Record<string, CarPhotoVariant>;

/** A stored photo variant's URL: content-addressed, served with immutable caching (server/src/media/media.routes.ts). */
export const photoUrl = (hash: string, format: 'webp' | 'jpeg') => `/media/photos/${hash}.${format === 'webp' ? 'webp' : 'jpg'}`;

/**
 * An uploaded photo as the public pages show it. A photo narrower than a stored width is stored at
 * its own width under that name too, so each real width is listed once.
 */
export function imageOfPhoto(variants: CarPhotoVariants, width: number, height: number): CarImage {
  const widths = Object.values(variants)
    .sort((a, b) => a.width - b.width)
    .filter((variant, i, sorted) => i === 0 || variant.width !== sorted[i - 1]!.width);
  const list = (format: 'webp' | 'jpeg') => widths.map((variant) => `${photoUrl(variant[format], format)} ${variant.width}w`).join(', ');
  const fallback = variants[FALLBACK_WIDTH] ?? widths.at(-1)!;
  return { src: photoUrl(fallback.jpeg, 'jpeg'), srcset: list('jpeg'), webpSrcset: list('webp'), width, height };
}

/** The generated drawings are 16:9 SVGs drawn at 800 × 450 (server/src/cars/artwork.ts). */
export const imageOfDrawing = (url: string): CarImage => ({ src: url, srcset: null, webpSrcset: null, width: 800, height: 450 });
