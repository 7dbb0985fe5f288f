import type { LicenceSide, UploadedDocument } from '../../../../../domain/contracts/documents.ts';
import { uploadWithProgress, type UploadOptions } from '../../../lib/upload-with-progress.ts';

/** POST /api/applications/documents: one licence photo, with upload progress. */
export function uploadDocument(side: LicenceSide, file: Blob, options: UploadOptions = {}): Promise<UploadedDocument> {
  // The endpoint's contract: the side field, then the file.
  const form = new FormData();
  form.append('side', side);
  form.append('file', file, file instanceof File ? file.name : `licence-${side}.jpg`);
  return uploadWithProgress<UploadedDocument>('/api/applications/documents', form, options);
}
