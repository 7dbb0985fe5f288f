import type { TradeInAngle } from '../../domain/contracts/trade-ins.ts';
import type { Language } from '../../domain/enums.ts';
import type { Translate } from './texts.ts';

/** The angles as the bot names them in a sentence (message ids of locales/<lang>/server.po). */
const ANGLE_NAMES: Readonly<Record<TradeInAngle, string>> = {
  front: 'front',
  rear: 'rear',
  left: 'left side',
  right: 'right side',
  interior: 'interior',
  odometer: 'odometer',
  damage: 'damage',
};

/** The app's screen where the shopper describes their trade-in and answers offers and questions. */
export const TRADE_IN_PATH = '/trade-in';

/** Which photos the trade-in still lacks (domain/trade-ins/trade-in-rules.ts), or that it lacks none. */
export function stillNeededText(t: Translate, language: Language, missingAngles: readonly TradeInAngle[]): string {
  if (missingAngles.length === 0) return t('Every angle we ask for has a photo; send close-ups of any damage too.');
  const angles = new Intl.ListFormat(language, { type: 'conjunction' }).format(missingAngles.map((angle) => t(ANGLE_NAMES[angle])));
  return t('Photos still needed: {angles}.', { angles });
}
