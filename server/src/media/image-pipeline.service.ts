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

/** One size to produce: the longest edge at most `maxEdge` pixels (never enlarged). */
export interface VariantSize {
  name: string;
  maxEdge: number;
}

/** A clean JPEG made from the upload's pixels. */
export interface ImageVariant {
  name: string;
  bytes: Buffer;
  width: number;
  height: number;
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

const JPEG_QUALITY = 85;

/**
 * The one way an uploaded image enters storage (licence photos now, car photos next): typed from
 * its bytes, refused from its header when it has more pixels than the process's decoder allows
 * (413), decoded within the decoder's bound on decodes at once (503 busy beyond it), turned
 * upright by its EXIF orientation, transparency flattened onto white, and re-encoded as a new JPEG
 * for each size asked for. No metadata survives (EXIF, GPS, XMP, ICC, comments: sharp copies none
 * unless asked), since every variant is written from pixels alone.
 */
export async function processImage(decoder: ImageDecoder, bytes: Buffer, sizes: readonly VariantSize[]): Promise<ImageVariant[]> {
  const type = sniffImageType(bytes);
  if (!type) throw new ImageRejected('unsupported_type', null);
  try {
    return await decoder.decode(bytes, async () => {
      // The header check comes first; sharp's own limit stays as a second line against a header that lies.
      const upright = sharp(bytes, { failOn: 'error', limitInputPixels: decoder.maxPixels, animated: false })
        .rotate()
        .flatten({ background: '#ffffff' });
      const variants: ImageVariant[] = [];
      for (const { name, maxEdge } of sizes) {
        const { data, info } = await upright
          .clone()
          .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
        variants.push({ name, bytes: data, width: info.width, height: info.height });
      }
      return variants;
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (/pixel limit/i.test(error instanceof Error ? error.message : '')) {
      throw new HttpError(
        'payload_too_large',
        `This photo has more than ${decoder.maxPixels / 1_000_000} megapixels. Take it again at a lower resolution.`,
      );
    }
    throw new ImageRejected('unreadable', type);
  }
}
