import type { SavedDraft } from '../application-draft.schema.ts';
import type { ConsentKind } from '../consents.ts';

/** GET /api/applications/draft: the wizard's saved values and when they were last saved. */
export interface DraftAnswer {
  draft: SavedDraft;
  updatedAt: string;
}

/** PUT /api/applications/draft. */
export interface DraftSaved {
  updatedAt: string;
}

/** One consent of GET /api/applications/consents: its current text, in the language asked. */
export interface ConsentText {
  kind: ConsentKind;
  /** Sent back with the acceptance and stored beside it. */
  version: string;
  required: boolean;
  text: string;
}

/** GET /api/applications/consents?lang=: every consent the review step shows, in a fixed order. */
export type ConsentsAnswer = ConsentText[];
