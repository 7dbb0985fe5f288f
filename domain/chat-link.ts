import type { ChatLink } from './contracts/chat.ts';
import { telegramChatUrl, topicUrl } from './start-links.ts';

/** What a chat link is made from: the applicant's staff topic (when the bot opened one) and their username. */
export interface ChatTarget {
  username: string | null;
  /** The forum topic of the applicant in STAFF_CHAT_ID, or null when there is none. */
  messageThreadId: number | null;
}

/**
 * A supergroup's Bot API id is -100 followed by its internal id, and t.me/c/ links use the
 * internal id: -1001234567890 → 1234567890. Anything else (a basic group) has no such link.
 */
function internalChatId(staffChatId: number): string | null {
  const text = String(staffChatId);
  return text.startsWith('-100') && text.length > 4 ? text.slice(4) : null;
}

/** docs/product/staff-dashboard.md#users-list: the Chat button opens the applicant's topic for staff, else a link built from their username. */
export function chatLinkFor(staffChatId: number | undefined, target: ChatTarget): ChatLink {
  const internal = staffChatId === undefined ? null : internalChatId(staffChatId);
  if (internal && target.messageThreadId !== null) return { url: topicUrl(internal, target.messageThreadId), via: 'topic' };
  if (target.username) return { url: telegramChatUrl(target.username), via: 'username' };
  return { url: null, via: null };
}
