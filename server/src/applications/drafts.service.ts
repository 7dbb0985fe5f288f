import type { SavedDraft } from '../../../domain/application-draft.schema.ts';
import type { DraftAnswer, DraftSaved } from '../../../domain/contracts/applications.ts';
import { lockClientAddress } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';
import { refuseWhenFull, type AddressCap } from '../security/address-caps.ts';
import type { PiiCipher } from '../security/pii-crypto.ts';
import { HttpError } from '../http/errors.ts';
import { hasApplication, lockApplicant } from './applications.repository.ts';
import { deleteUnattachedDocumentsOf } from './documents.repository.ts';
import { countDraftsFromAddress, deleteDraft, findDraft, updateDraft, upsertDraft } from './drafts.repository.ts';

/**
 * The context the draft is sealed under binds it to its column, not to its row: the guest merge
 * (guest-merge.service.ts) moves a guest's draft to the Telegram user by changing user_id
 * alone, and the moved draft must still open. Naming the user here would break that.
 */
const DRAFT_CONTEXT = { context: 'application_drafts.payload_encrypted' };

export async function loadDraft(db: Db, pii: PiiCipher, userId: number): Promise<DraftAnswer | undefined> {
  const row = await findDraft(db, userId);
  if (!row) return undefined;
  return { draft: JSON.parse(pii.decrypt(row.payloadEncrypted, DRAFT_CONTEXT)) as SavedDraft, updatedAt: row.updatedAt.toISOString() };
}

const tooManyDrafts = (cap: AddressCap) => (wait: string) =>
  `Too many applications have been started from your network today (${cap.max}) for us to save another. ` +
  `Try again in ${wait}, or open the application in Telegram, where your Telegram account is enough.`;

/**
 * Refuses early, before a guest is created for it, a new draft from an address at its cap;
 * saveDraft's count is the one that counts.
 */
export async function checkRoomForDraft(db: Db, cap: AddressCap): Promise<void> {
  refuseWhenFull(await countDraftsFromAddress(db, cap.addressKey, cap.windowSeconds), cap, tooManyDrafts(cap));
}

/**
 * Saves the user's draft. A web guest's new draft counts against its client address
 * (`addressCap`, DRAFT_MAX_PER_ADDRESS a day: 429 beyond it); saving an existing draft again
 * never does. Someone who has applied has no more use for a draft (one application each): a save
 * that arrives with or after the submission, which deleted the draft, is refused rather than
 * bringing it back. The applicant's lock orders the two.
 */
export async function saveDraft(db: Db, pii: PiiCipher, userId: number, draft: SavedDraft, addressCap?: AddressCap): Promise<DraftSaved> {
  const sealed = pii.encrypt(JSON.stringify(draft), DRAFT_CONTEXT);
  const updatedAt = await db.transaction().execute(async (trx) => {
    await lockApplicant(trx, userId);
    if (await hasApplication(trx, userId))
      throw new HttpError('application_exists', 'You have already submitted an application; its status is in the app.');
    return (
      (await updateDraft(trx, userId, sealed)) ??
      (addressCap ? await startGuestDraft(trx, userId, sealed, addressCap) : await upsertDraft(trx, userId, sealed))
    );
  });
  return { updatedAt: updatedAt.toISOString() };
}

/** The address's lock makes the count and the insert one step on every instance. */
async function startGuestDraft(trx: Db, userId: number, sealed: string, cap: AddressCap): Promise<Date> {
  await lockClientAddress(trx, cap.addressKey);
  refuseWhenFull(await countDraftsFromAddress(trx, cap.addressKey, cap.windowSeconds), cap, tooManyDrafts(cap));
  return upsertDraft(trx, userId, sealed, cap.addressKey);
}

/**
 * Start over (docs/product/application-wizard.md#drafts): the answers and the licence photos uploaded for them go
 * together, as the wizard tells the applicant. Photos an application uses are never touched.
 */
export async function discardDraft(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteDraft(trx, userId);
    await deleteUnattachedDocumentsOf(trx, userId);
  });
}
