import { useMutation } from '@tanstack/react-query';
import type { SavedDraft } from '../../../../../domain/application-draft.schema.ts';
import type { DraftSaved } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** PUT /api/applications/draft: any step may be incomplete; the first save creates the web guest. */
export function saveDraft(draft: SavedDraft): Promise<DraftSaved> {
  return apiFetch<DraftSaved>('/api/applications/draft', { method: 'PUT', json: draft });
}

export function useSaveDraft() {
  return useMutation({ mutationFn: saveDraft });
}
