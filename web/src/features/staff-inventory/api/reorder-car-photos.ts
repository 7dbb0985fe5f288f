import type { InventoryPhoto } from '../../../../../domain/contracts/inventory.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** PATCH /api/inventory/{uuid}/photos: every photo id in the new order, the cover first. */
export function reorderCarPhotos(uuid: string, order: string[]): Promise<InventoryPhoto[]> {
  return apiFetch<InventoryPhoto[]>(`/api/inventory/${encodeURIComponent(uuid)}/photos`, {
    method: 'PATCH',
    json: { order },
  });
}
