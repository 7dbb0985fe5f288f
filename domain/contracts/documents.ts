import * as v from 'valibot';

/** Which side of the driver's licence a photo shows. */
export const LICENCE_SIDES = ['front', 'back'] as const;
export type LicenceSide = (typeof LICENCE_SIDES)[number];

/** The multipart text fields of POST /api/applications/documents (the file travels beside them). */
export const documentUploadFields = v.object({
  side: v.picklist(LICENCE_SIDES, 'side must be front or back'),
});

/** The largest photo file accepted, in bytes. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A stored licence photo as POST /api/applications/documents answers it; not yet part of an application. */
export interface UploadedDocument {
  id: number;
  side: LicenceSide;
  /** Every photo is stored re-encoded as JPEG. */
  mime: 'image/jpeg';
  /** Bytes of the stored image. */
  size: number;
  width: number;
  height: number;
}
