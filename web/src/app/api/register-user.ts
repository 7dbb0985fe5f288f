import type { RegisterAnswer } from '../../../../domain/contracts/users.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** POST /api/users/register: the server takes who the user is from the verified init data alone. */
export function registerUser(): Promise<RegisterAnswer> {
  return apiFetch<RegisterAnswer>('/api/users/register', { method: 'POST', json: {} });
}
