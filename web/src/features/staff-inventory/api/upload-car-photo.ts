import type { InventoryPhoto } from '../../../../../domain/contracts/inventory.ts';
import { uploadWithProgress, type UploadOptions } from '../../../lib/upload-with-progress.ts';

/**
 * POST /api/inventory/{uuid}/photos: 201 with every photo of the car, the new ones last. The
 * endpoint takes several `file` parts; the dashboard sends one per request so each file has its
 * own progress and its own answer (a HEIC among JPEGs fails alone).
 */
export function uploadCarPhoto(uuid: string, file: Blob, options: UploadOptions = {}): Promise<InventoryPhoto[]> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'photo.jpg');
  return uploadWithProgress<InventoryPhoto[]>(`/api/inventory/${encodeURIComponent(uuid)}/photos`, form, options);
}
