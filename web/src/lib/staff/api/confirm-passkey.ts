import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api-client.ts';

/**
 * The passkey check of this session: POST /api/auth/passkeys/authentication-options, the browser's
 * passkey dialog (navigator.credentials.get), then POST /api/auth/passkeys/authentication.
 */
export async function confirmPasskey(): Promise<void> {
  const optionsJSON = await apiFetch<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkeys/authentication-options', {
    method: 'POST',
    json: {},
  });
  const response = await startAuthentication({ optionsJSON });
  await apiFetch('/api/auth/passkeys/authentication', { method: 'POST', json: { response } });
}

export function useConfirmPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}
