import { useMutation } from '@tanstack/react-query';
import type { SsnReveal } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/applications/{id}/ssn/reveal: the full SSN, each reveal audited. Never cached: a mutation, not a query. */
export function postSsnReveal(applicationId: number): Promise<SsnReveal> {
  return apiFetch<SsnReveal>(`/api/applications/${applicationId}/ssn/reveal`, { method: 'POST', json: {} });
}

export const useRevealSsn = () => useMutation({ mutationFn: postSsnReveal });
