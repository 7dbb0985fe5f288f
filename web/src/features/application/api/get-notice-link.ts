import { useMutation } from '@tanstack/react-query';
import type { NoticeLink } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/applications/mine/notice-link: the notice's PDF as a short-lived link that needs no session. */
export function getNoticeLink(): Promise<NoticeLink> {
  return apiFetch<NoticeLink>('/api/applications/mine/notice-link', { method: 'POST' });
}

export function useNoticeLink() {
  return useMutation({ mutationFn: getNoticeLink });
}
