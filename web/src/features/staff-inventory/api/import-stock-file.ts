import type { ImportMode, ImportReport } from '../../../../../domain/contracts/inventory-import.ts';
import { uploadWithProgress, type UploadOptions } from '../../../lib/upload-with-progress.ts';

export interface StockFileImport {
  file: File;
  mode: ImportMode;
  /** Mark available cars missing from the file as sold (a full feed). */
  sync: boolean;
}

/** POST /api/inventory/import?mode=dry-run|commit[&sync=true]: a dealer-system CSV, with upload progress (up to 10 MB). */
export function importStockFile({ file, mode, sync }: StockFileImport, options: UploadOptions = {}): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = new URLSearchParams({ mode, ...(sync ? { sync: 'true' } : {}) });
  return uploadWithProgress<ImportReport>(`/api/inventory/import?${query.toString()}`, form, options);
}
