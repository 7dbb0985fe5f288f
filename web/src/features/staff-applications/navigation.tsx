import { useLingui } from '@lingui/react';
import { useLocation } from 'react-router';
import { useChatLink } from './api/get-chat-link.ts';
import { ActionButton, ActionLink } from '../../components/staff/action-button.tsx';
import { ChatIcon } from '../../components/staff/icons.tsx';

/** Back to the users list as it was left (filters, sort, page), when we came from it. */
export function useUsersListPath(): string {
  const { state } = useLocation() as { state: { list?: unknown } | null };
  return typeof state?.list === 'string' && state.list.startsWith('?') ? `/dashboard${state.list}` : '/dashboard';
}

/** The Chat button of the page: the applicant's topic or username link, disabled when there is none. */
export function ChatButton({ userId, label }: { userId: number; label: string }) {
  const { i18n } = useLingui();
  const chat = useChatLink(userId);
  const url = chat.data?.url;
  if (url) return <ActionLink icon={<ChatIcon />} label={label} href={url} />;
  return (
    <ActionButton
      icon={<ChatIcon />}
      label={label}
      disabledReason={chat.isPending ? i18n._('Loading...') : i18n._('No Telegram chat with this user yet')}
    />
  );
}
