import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyApplication } from '../../../../../domain/contracts/applications.ts';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { myApplicationQueryKey } from '../../../lib/api/get-my-application.ts';

export type OfferAnswer = 'accept' | 'decline';

export interface OfferReply {
  offerId: number;
  answer: OfferAnswer;
}

/** POST /api/applications/mine/offers/{offerId}/accept|decline: the applicant answers the dealer's open offer. */
export function answerOffer({ offerId, answer }: OfferReply): Promise<MyApplication> {
  return apiFetch<MyApplication>(`/api/applications/mine/offers/${offerId}/${answer}`, { method: 'POST' });
}

/**
 * The answer is the application as it is now, shown at once; a 409 (a newer offer came, or the
 * application was decided, meanwhile) fetches it again.
 */
export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerOffer,
    onSuccess: (application) => queryClient.setQueryData(myApplicationQueryKey, application),
    onError: (error) =>
      error instanceof ApiError && error.status === 409 ? queryClient.invalidateQueries({ queryKey: myApplicationQueryKey }) : undefined,
  });
}
