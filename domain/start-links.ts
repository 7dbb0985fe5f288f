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
