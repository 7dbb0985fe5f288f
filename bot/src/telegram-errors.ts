import { GrammyError } from 'grammy';

/** Telegram's answer when a forum topic was deleted by staff (or never existed in this group). */
export const isTopicGone = (error: unknown) =>
  error instanceof GrammyError && /message thread not found|TOPIC_DELETED|TOPIC_ID_INVALID/i.test(error.description);

export const isTopicClosed = (error: unknown) => error instanceof GrammyError && /TOPIC_CLOSED/i.test(error.description);

/** The applicant blocked the bot, deleted their account, or never started a chat with it. */
export const isRecipientUnreachable = (error: unknown) =>
  error instanceof GrammyError && (error.error_code === 403 || /chat not found/i.test(error.description));

/** An edit that changes nothing; Telegram refuses it, and there is nothing to do. */
export const isNotModified = (error: unknown) => error instanceof GrammyError && /message is not modified/i.test(error.description);

/**
 * A request Telegram refused and will refuse again (a 4xx other than 429): retrying cannot help.
 * Network failures, 429 after the auto-retry's own attempts, and 5xx are worth another try later.
 */
export const isPermanent = (error: unknown) =>
  error instanceof GrammyError && error.error_code >= 400 && error.error_code < 500 && error.error_code !== 429;

/** What a log line may say about a failure: Telegram's description or the error's message, never a payload. */
export const describeError = (error: unknown) =>
  error instanceof GrammyError
    ? `${error.method}: ${error.error_code} ${error.description}`
    : error instanceof Error
      ? error.message
      : String(error);
