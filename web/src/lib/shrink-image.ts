/**
 * Photos are shrunk in the browser before they are uploaded: phone cameras take 12–50 MP photos, far
 * more than a slow connection should carry. The default suits a driver's licence: 2,000 px on the
 * longest edge still reads every line of it; a caller that needs more detail passes its own limit.
 */
export const MAX_EDGE = 2000;
export const JPEG_QUALITY = 0.85;

export interface Size {
  width: number;
  height: number;
}

/** The size to draw at: the same when it already fits, else scaled down to `maxEdge` keeping the proportions. */
export function targetSize({ width, height }: Size, maxEdge = MAX_EDGE): Size {
  const longest = Math.max(width, height);
  if (longest <= maxEdge) return { width, height };
  const scale = maxEdge / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether the browser might decode it: some pickers hand over a photo with no type at all. */
export function mayBeImage(file: Blob): boolean {
  return file.type === '' || file.type.startsWith('image/');
}

async function encode(bitmap: ImageBitmap, size: Size): Promise<Blob | null> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
    // JPEG has no transparency: a transparent PNG would otherwise turn black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
  };
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    draw(context);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * A photo made small enough to upload quickly on a phone connection: JPEG, upright, at most
 * `maxEdge` px on its longest edge. Anything the browser cannot decode goes through unchanged, so the server's clear
 * "wrong type" or "unreadable" answer reaches the person uploading instead of a vague local failure.
 */
export async function shrinkImage(file: Blob, maxEdge = MAX_EDGE): Promise<Blob> {
  if (!mayBeImage(file) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    return (await encode(bitmap, targetSize(bitmap, maxEdge))) ?? file;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
