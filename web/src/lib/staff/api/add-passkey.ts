import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasskeyAdded } from '../../../../../domain/contracts/passkeys.ts';
import { apiFetch } from '../../api-client.ts';

/**
 * Adds a passkey: POST /api/auth/passkeys/registration-options, the browser's passkey dialog
 * (navigator.credentials.create), then POST /api/auth/passkeys with its answer and the name.
 */
export async function addPasskey(name: string): Promise<PasskeyAdded> {
  const optionsJSON = await apiFetch<PublicKeyCredentialCreationOptionsJSON>('/api/auth/passkeys/registration-options', {
    method: 'POST',
    json: {},
  });
  const response = await startRegistration({ optionsJSON });
  return apiFetch<PasskeyAdded>('/api/auth/passkeys', { method: 'POST', json: { name, response } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    // Adding one also confirms this session: everything that waited for the passkey loads again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}
