/**
 * GET /api/chat/{userId}: where the dashboard's Chat button goes (docs/product.md#application-detail). The applicant's own
 * forum topic in the staff group when the bot has opened one, else their Telegram username, else
 * nowhere (the button is disabled).
 */
export interface ChatLink {
  url: string | null;
  via: 'topic' | 'username' | null;
}
