/**
 * Start parameters: what a t.me link carries into the bot (`?start=`) or the mini app
 * (`?startapp=`), and the screen it opens. One table for both, so a link the bot understands opens
 * the same screen in the app. Telegram allows A–Z a–z 0–9 _ - in them, up to 64 characters for
 * `start`.
 */

const CAR_PARAM = /^car_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** docs/product/screens.md#screens-and-routes: 'application' opens the wizard; the bot's own `/start apply` says the same in short. */
const APPLICATION_PARAMS = new Set(['application', 'apply']);

/** Opens the Favourites screen, where alerts are switched on. */
export const FAVORITES_PARAM = 'favorites';

/** The app path a start parameter leads to, or null for none or an unknown value. */
export function startLinkPath(startParam: string | null | undefined): string | null {
  if (!startParam) return null;
  if (APPLICATION_PARAMS.has(startParam)) return '/application';
  // The web's Favourites screen sends visitors here to switch alerts on (docs/decisions/019-telegram-alerts.md).
  if (startParam === FAVORITES_PARAM) return '/favorites';
  const car = CAR_PARAM.exec(startParam);
  return car ? `/cars/${car[1]!.toLowerCase()}` : null;
}

/** The start parameter that opens a car's page. */
export const carStartParam = (uuid: string) => `car_${uuid.toLowerCase()}`;

/** The dashboard's sign-in page starts the bot with this; `/start login` answers as `/login` does. */
export const LOGIN_PARAM = 'login';

/**
 * Telegram links, built here only (https://core.telegram.org/api/links). A chat with a bot or a
 * user by username: https://t.me/<username>.
 */
export const telegramChatUrl = (username: string) => `https://t.me/${username}`;

/** Starts a chat with the bot, arriving as `/start <param>`. */
export const botStartUrl = (botUsername: string, startParam: string) =>
  `${telegramChatUrl(botUsername)}?start=${encodeURIComponent(startParam)}`;

/** Opens the bot's main mini app on the screen the parameter names (startLinkPath). */
export const miniAppUrl = (botUsername: string, startParam: string) =>
  `${telegramChatUrl(botUsername)}?startapp=${encodeURIComponent(startParam)}`;

/** A message in a supergroup's forum topic, by the group's internal id (chat-link.ts). */
export const topicUrl = (internalChatId: string, messageThreadId: number) => `https://t.me/c/${internalChatId}/${messageThreadId}`;

/** Telegram's share sheet for a link, with an optional text beside it. */
export const telegramShareUrl = (url: string, text?: string) =>
  `https://t.me/share/url?url=${encodeURIComponent(url)}${text ? `&text=${encodeURIComponent(text)}` : ''}`;
