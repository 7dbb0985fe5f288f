import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealOffer } from '../../../../../domain/contracts/applications.ts';
import type { DealRevision } from '../../../../../domain/deals/deal-offer.ts';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { applicationHistoryQuery } from './get-application-history.ts';
import { userApplicationQuery } from './get-user-application.ts';

export interface OfferDraft {
  applicationId: number;
  /** The applicant, whose application (and its offers) is refetched afterwards. */
  userId: number;
  revision: DealRevision;
}

/** POST /api/applications/{id}/offers: the desk's revised deal, priced by the server and sent to the applicant. */
export function postOffer({ applicationId, revision }: OfferDraft): Promise<DealOffer> {
  return apiFetch<DealOffer>(`/api/applications/${applicationId}/offers`, { method: 'POST', json: revision });
}

/** The application is refetched after a send, and after a 409: it was decided, or lost its car, meanwhile. */
export function useSendOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postOffer,
    onError: (error, { userId }) =>
      error instanceof ApiError && error.status === 409
        ? queryClient.invalidateQueries({ queryKey: userApplicationQuery(userId).queryKey })
        : undefined,
    onSuccess: (_offer, { applicationId, userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userApplicationQuery(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: applicationHistoryQuery(applicationId).queryKey }),
        // Sending an offer is the application's first response, which the users list shows.
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'users'] }),
      ]),
  });
}
