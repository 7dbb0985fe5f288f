import { fetchFile, saveFile } from '../../../lib/staff/api/fetch-file.ts';

/**
 * GET /api/inventory/export.csv, saved as inventory-{date}.csv. Fetched rather than linked: inside
 * Telegram the staff identity is a header, which a plain link could not send.
 */
export async function exportInventory(today: string): Promise<void> {
  const blob = await fetchFile('/api/inventory/export.csv');
  saveFile(blob, `inventory-${today}.csv`);
}
