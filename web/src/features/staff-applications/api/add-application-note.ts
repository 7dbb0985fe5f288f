import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationNote } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { applicationHistoryQuery } from './get-application-history.ts';
import { applicationNotesQuery } from './get-application-notes.ts';
import { userApplicationQuery } from './get-user-application.ts';

export interface NoteDraft {
  applicationId: number;
  /** The applicant, whose first response a "contacted" note may set. */
  userId: number;
  text: string;
  contacted: boolean;
}

/** POST /api/applications/{id}/notes. */
export function postNote({ applicationId, text, contacted }: NoteDraft): Promise<ApplicationNote> {
  return apiFetch<ApplicationNote>(`/api/applications/${applicationId}/notes`, { method: 'POST', json: { text, contacted } });
}

export function useAddNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postNote,
    onSuccess: (_note, { applicationId, userId, contacted }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationNotesQuery(applicationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: applicationHistoryQuery(applicationId).queryKey }),
        ...(contacted
          ? [
              queryClient.invalidateQueries({ queryKey: userApplicationQuery(userId).queryKey }),
              queryClient.invalidateQueries({ queryKey: ['dashboard', 'users'] }),
            ]
          : []),
      ]),
  });
}
