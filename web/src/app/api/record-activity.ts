import { apiFetch } from '../../lib/api-client.ts';

/** POST /api/users/activity: marks the verified Telegram user as active now. */
export function recordActivity(): Promise<unknown> {
  return apiFetch<unknown>('/api/users/activity', { method: 'POST', json: {} });
}
