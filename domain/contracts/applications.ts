import type { SavedDraft } from '../application-draft.schema.ts';

/** GET /api/applications/draft: the wizard's saved values and when they were last saved. */
export interface DraftAnswer {
  draft: SavedDraft;
  updatedAt: string;
}

/** PUT /api/applications/draft. */
export interface DraftSaved {
  updatedAt: string;
}
