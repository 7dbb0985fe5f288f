import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyApplication } from '../../../../../domain/contracts/applications.ts';
import { apiFetch, type ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { myApplicationQueryKey } from '../../../lib/api/get-my-application.ts';

export interface SubmitApplicationInput {
  /** The creation payload less its dealer block (buildSubmissionPayload); the server checks it against submissionSchema. */
  body: unknown;
  /** A UUID made once per attempt and repeated on its retries, so a double submit makes one application. */
  idempotencyKey: string;
}

/** POST /api/applications, in the page's language: a web applicant's emails are written in it. */
export function submitApplication({ body, idempotencyKey }: SubmitApplicationInput): Promise<MyApplication> {
  return apiFetch<MyApplication>('/api/applications', {
    method: 'POST',
    json: body,
    headers: { 'idempotency-key': idempotencyKey, 'content-language': i18n.locale },
  });
}

/** The submission's mutation key: the draft's autosave holds off while one is on its way. */
export const submitApplicationKey = ['applications', 'submit'] as const;

/** The answer is the applicant's application, so the status screen shows it without asking again. */
export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation<MyApplication, ApiError, SubmitApplicationInput>({
    mutationKey: submitApplicationKey,
    mutationFn: submitApplication,
    onSuccess: (application) => {
      queryClient.setQueryData(myApplicationQueryKey, application);
    },
  });
}
