import type { ActivityAnswer } from '../../../../domain/contracts/users.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** POST /api/users/activity: marks the verified Telegram user as active now. */
export function recordActivity(): Promise<ActivityAnswer> {
  return apiFetch<ActivityAnswer>('/api/users/activity', { method: 'POST', json: {} });
}
