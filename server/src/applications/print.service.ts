import { LICENCE_SIDES, type LicenceSide } from '../../../domain/contracts/documents.ts';
import { findDocumentContent } from './applications.repository.ts';
import type { ApplicationsDeps } from './applications.service.ts';
import { DOCUMENT_CONTENT_CONTEXT } from './documents.service.ts';

export interface LicenceImage {
  side: LicenceSide;
  mime: string;
  bytes: Buffer;
}

/**
 * Both licence photos of an application, decrypted, for its PDF. Unlike readDocument this records
 * no audit event per photo: the PDF download that prints them is audited once, as a whole.
 */
export async function loadLicenceImages({ db, pii }: ApplicationsDeps, applicationId: number): Promise<LicenceImage[]> {
  const stored = await Promise.all(LICENCE_SIDES.map(async (side) => ({ side, document: await findDocumentContent(db, applicationId, side) })));
  return stored.flatMap(({ side, document }) =>
    document ? [{ side, mime: document.mime, bytes: pii.decryptBytes(document.contentEncrypted, { context: DOCUMENT_CONTENT_CONTEXT }) }] : [],
  );
}
