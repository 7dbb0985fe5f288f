import { fetchFile } from './fetch-file.ts';

/**
 * GET /api/inventory/export.csv, saved as inventory-{date}.csv. Fetched rather than linked: inside
 * Telegram the staff identity is a header, which a plain link could not send.
 */
export async function exportInventory(today: string): Promise<void> {
  const blob = await fetchFile('/api/inventory/export.csv');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `inventory-${today}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; give it a moment before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
