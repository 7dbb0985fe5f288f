import * as v from 'valibot';

/**
 * GET /api/chat/{userId}: where the dashboard's Chat button goes (docs/product/staff-dashboard.md#application-detail). The applicant's own
 * forum topic in the staff group when the bot has opened one, else their Telegram username, else
 * nowhere (the button is disabled).
 */
export interface ChatLink {
  url: string | null;
  via: 'topic' | 'username' | null;
}

/** ChatLink as the API document describes it (server/src/http/openapi.ts). */
export const chatLinkSchema = v.object({
  url: v.nullable(v.string()),
  via: v.nullable(v.picklist(['topic', 'username'])),
}) satisfies v.GenericSchema<unknown, ChatLink>;

/** An applicant's forum topic in the staff group (docs/product/bot.md#bot). */
export interface ChatThread {
  userId: number;
  staffChatId: number;
  messageThreadId: number;
  blocked: boolean;
}

/** One message in one Telegram chat. */
export interface MessageRef {
  chatId: number;
  messageId: number;
}

/** A photo of an album waiting for the rest of the album before it is relayed. */
export interface AlbumPart {
  chatId: number;
  messageId: number;
  mediaGroupId: string;
  messageThreadId: number | null;
}
