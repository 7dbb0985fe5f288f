import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export interface AuthLinkAnswer {
  ok: boolean;
  redirect?: string;
}

/** POST /api/auth/link: exchanges the one-time token from the bot for the staff cookie. */
export function postAuthLink(token: string): Promise<AuthLinkAnswer> {
  return apiFetch<AuthLinkAnswer>('/api/auth/link', { method: 'POST', json: { token } });
}

export function useAuthLink() {
  return useMutation({ mutationFn: postAuthLink });
}
