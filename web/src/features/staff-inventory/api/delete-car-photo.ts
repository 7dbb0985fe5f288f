import type { InventoryPhoto } from '../../../../../domain/contracts/inventory.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** DELETE /api/inventory/{uuid}/photos/{photoId}: the photos that are left. */
export function deleteCarPhoto(uuid: string, photoId: string): Promise<InventoryPhoto[]> {
  return apiFetch<InventoryPhoto[]>(`/api/inventory/${encodeURIComponent(uuid)}/photos/${encodeURIComponent(photoId)}`, {
    method: 'DELETE',
  });
}
