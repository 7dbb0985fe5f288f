import sharp from 'sharp';
import { HttpError } from '../http/errors.ts';
import type { ImageDecoder } from './image-decoder.service.ts';

/** The image types an upload may be; anything else is refused before it is decoded. */
type ImageType = 'jpeg' | 'png' | 'webp';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type from the file's first bytes; its name and declared type are never trusted. */
function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/**
 * One size to produce, never enlarged: the longest edge at most `maxEdge` pixels (a licence photo),
 * or `width` pixels wide whatever the height (a car photo's srcset width).
 */
export type VariantSize = { name: string; maxEdge: number } | { name: string; width: number };

/** How a variant is written. */
export type ImageEncoding = { format: 'jpeg'; quality: number; mozjpeg: boolean } | { format: 'webp'; quality: number; effort: number };

/** A clean image made from the upload's pixels, in one size and one format. */
export interface ImageVariant {
  name: string;
  format: ImageEncoding['format'];
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessImageOptions {
  /** The formats each size is written in, in this order; a licence photo's one JPEG by default. */
  encodings?: readonly ImageEncoding[];
  /** A higher pixel limit than the decoder's own for this image (staff car photos), under the same bounded decoding. */
  maxPixels?: number;
}

/**
 * Why an upload is no image we take: not a JPEG, PNG or WebP by its bytes, or one that does not
 * decode. Callers answer it in their own words (a licence photo, a car photo).
 */
export class ImageRejected extends Error {
  constructor(
    readonly reason: 'unsupported_type' | 'unreadable',
    readonly type: ImageType | null,
  ) {
    super(reason === 'unsupported_type' ? 'not a JPEG, PNG or WebP image' : `a ${type} image that does not decode`);
  }
}

/** What licence photos are written as (docs/decisions/007-licence-uploads.md): one JPEG for every consumer. */
const LICENCE_JPEG: ImageEncoding = { format: 'jpeg', quality: 85, mozjpeg: true };

/** The pixels' width once turned upright and sized, rounded up so a later fit-inside resize never loses a pixel row. */
function targetWidth(size: VariantSize, width: number, height: number): number {
  if ('width' in size) return Math.min(size.width, width);
  return Math.ceil(width * Math.min(1, size.maxEdge / Math.max(width, height)));
}

const resizeBox = (size: VariantSize) =>
  'width' in size
    ? { width: size.width, withoutEnlargement: true }
    : { width: size.maxEdge, height: size.maxEdge, fit: 'inside' as const, withoutEnlargement: true };

/**
 * The one way an uploaded image enters storage (licence photos, car photos): typed from its bytes,
 * refused from its header when it has more pixels than allowed (413: the decoder's limit, or the
 * caller's `maxPixels`), decoded within the decoder's bound on decodes at once (503 busy beyond
 * it), turned upright by its EXIF orientation, transparency flattened onto white, and re-encoded
 * anew for each size and encoding asked for. No metadata survives (EXIF, GPS, XMP, ICC, comments:
 * sharp copies none unless asked), since every variant is written from pixels alone. The image is
 * decoded once, to the largest size asked for (JPEG shrinks on load, so a 12-megapixel photo never
 * exists in memory whole); every variant is made from those pixels.
 */
export async function processImage(
  decoder: ImageDecoder,
  bytes: Buffer,
  sizes: readonly VariantSize[],
  { encodings = [LICENCE_JPEG], maxPixels = decoder.maxPixels }: ProcessImageOptions = {},
): Promise<ImageVariant[]> {
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejected('unsupported_type', null);
  try {
    return await decoder.decode(
      bytes,
      async () => {
        const { autoOrient } = await sharp(bytes).metadata();
        const baseWidth = Math.max(...sizes.map((size) => targetWidth(size, autoOrient.width, autoOrient.height)));
        // The header check comes first; sharp's own limit stays as a second line against a header that lies.
        const base = await sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels, animated: false })
          .rotate()
          .flatten({ background: '#ffffff' })
          .resize({ width: baseWidth, withoutEnlargement: true })
          .toColourspace('srgb')
          .raw({ depth: 'uchar' })
          .toBuffer({ resolveWithObject: true });
        const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
        const variants: ImageVariant[] = [];
        for (const size of sizes) {
          for (const encoding of encodings) {
            const resized = sharp(base.data, { raw }).resize(resizeBox(size));
            const encoded =
              encoding.format === 'jpeg'
                ? resized.jpeg({ quality: encoding.quality, mozjpeg: encoding.mozjpeg })
                : resized.webp({ quality: encoding.quality, effort: encoding.effort });
            const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
            variants.push({ name: size.name, format: encoding.format, bytes: data, width: info.width, height: info.height });
          }
        }
        return variants;
      },
      maxPixels,
    );
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (/pixel limit/i.test(error instanceof Error ? error.message : '')) {
      throw new HttpError(
        'payload_too_large',
        `This photo has more than ${maxPixels / 1_000_000} megapixels. Take it again at a lower resolution.`,
      );
    }
    throw new ImageRejected('unreadable', type);
  }
}
