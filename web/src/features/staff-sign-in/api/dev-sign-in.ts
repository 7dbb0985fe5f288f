import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInAnswer } from '../../../../../domain/contracts/users.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { viewerQuery } from '../../../lib/staff/api/get-viewer.ts';

/**
 * Who the development sign-in makes you: an admin with a name, so that histories name them. The
 * id is far from any real one an ADMIN_TELEGRAM_IDS list would hold.
 */
const DEVELOPER = { telegramId: 1, isAdmin: true, firstName: 'Developer' } as const;

/** POST /api/auth/dev-login (NODE_ENV=development with DEV_LOGIN=1 only): a staff session without Telegram. */
export function postDevSignIn(): Promise<SignInAnswer> {
  return apiFetch<SignInAnswer>('/api/auth/dev-login', { method: 'POST', json: DEVELOPER });
}

export function useDevSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDevSignIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewerQuery().queryKey }),
  });
}
