import { useMutation } from '@tanstack/react-query';
import type { SignInAnswer } from '../../../../../domain/contracts/users.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/auth/link: exchanges the one-time token from the bot for the staff cookie. */
export function postAuthLink(token: string): Promise<SignInAnswer> {
  return apiFetch<SignInAnswer>('/api/auth/link', { method: 'POST', json: { token } });
}

export function useAuthLink() {
  return useMutation({ mutationFn: postAuthLink });
}
