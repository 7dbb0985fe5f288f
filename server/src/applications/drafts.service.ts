import type { SavedDraft } from '../../../domain/application-draft.schema.ts';
import type { DraftAnswer, DraftSaved } from '../../../domain/contracts/applications.ts';
import type { Db } from '../db/database.ts';
import type { PiiCipher } from '../security/pii-crypto.ts';
import { findDraft, upsertDraft } from './drafts.repository.ts';

/**
 * The context the draft is sealed under binds it to its column, not to its row: the guest merge
 * (users/guest-merge.service.ts) moves a guest's draft to the Telegram user by changing user_id
 * alone, and the moved draft must still open. Naming the user here would break that.
 */
const DRAFT_CONTEXT = { context: 'application_drafts.payload_encrypted' };

export async function loadDraft(db: Db, pii: PiiCipher, userId: number): Promise<DraftAnswer | undefined> {
  const row = await findDraft(db, userId);
  if (!row) return undefined;
  return { draft: JSON.parse(pii.decrypt(row.payloadEncrypted, DRAFT_CONTEXT)) as SavedDraft, updatedAt: row.updatedAt.toISOString() };
}

export async function saveDraft(db: Db, pii: PiiCipher, userId: number, draft: SavedDraft): Promise<DraftSaved> {
  const updatedAt = await upsertDraft(db, userId, pii.encrypt(JSON.stringify(draft), DRAFT_CONTEXT));
  return { updatedAt: updatedAt.toISOString() };
}
