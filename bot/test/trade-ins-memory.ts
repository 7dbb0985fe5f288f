import type { TradeInChatOpened, TradeInChatPhotosOutcome, TradeInNotice } from '../../domain/contracts/trade-ins.ts';
import { anglesForUnlabelledPhotos, missingTradeInAngles } from '../../domain/trade-ins/trade-in-rules.ts';
import { MAX_TRADE_IN_PHOTOS, type TradeInAngle } from '../../domain/trade-ins/trade-in.schema.ts';
import type { TradeInEvent, TradeInsPort } from '../src/ports.ts';

/** One shopper's trade-in as the bot's tests set it up. */
interface Held {
  title: string;
  angles: TradeInAngle[];
  /** Since "Send photos in the chat" (`/start tradein`). */
  collecting: boolean;
  /** The bytes of each photo taken, in the order stored. */
  photos: Buffer[];
}

/**
 * The trade-ins port kept in memory, for the bot's own tests: the server's trade-ins services are
 * tested on their own (server/src/trade-ins). It holds the rules the bot relies on: photos are taken
 * only while collecting, loaded one after another, all or none, within the 40-photo limit, and given
 * the missing angles in order (domain/trade-ins/trade-in-rules.ts).
 */
export class MemoryTradeIns implements TradeInsPort {
  readonly byTelegramId = new Map<number, Held>();
  readonly notices = new Map<number, TradeInNotice>();
  /** Each call, in order: what the bot asked of the port. */
  readonly calls: Array<{ method: keyof TradeInsPort; telegramUserId?: number; photos?: number; eventId?: number }> = [];

  /** The shopper has a trade-in to send photos for (not yet collecting them). */
  describe(telegramUserId: number, title: string, angles: TradeInAngle[] = []): Held {
    const held: Held = { title, angles: [...angles], collecting: false, photos: [] };
    this.byTelegramId.set(telegramUserId, held);
    return held;
  }

  async openChatPhotos(telegramUserId: number): Promise<TradeInChatOpened> {
    this.calls.push({ method: 'openChatPhotos', telegramUserId });
    const held = this.byTelegramId.get(telegramUserId);
    if (!held) return { outcome: 'no_trade_in' };
    held.collecting = true;
    return { outcome: 'opened', title: held.title, missingAngles: missingTradeInAngles(held.angles) };
  }

  async addChatPhotos(telegramUserId: number, photos: ReadonlyArray<() => Promise<Buffer>>): Promise<TradeInChatPhotosOutcome> {
    this.calls.push({ method: 'addChatPhotos', telegramUserId, photos: photos.length });
    const held = this.byTelegramId.get(telegramUserId);
    if (!held?.collecting) return { outcome: 'not_collecting' };
    if (held.photos.length + photos.length > MAX_TRADE_IN_PHOTOS)
      return {
        outcome: 'refused',
        refusal: { reason: 'too_many', has: held.photos.length, adding: photos.length, max: MAX_TRADE_IN_PHOTOS },
      };
    const loaded: Buffer[] = [];
    for (const load of photos) loaded.push(await load());
    held.angles.push(...anglesForUnlabelledPhotos(held.angles, loaded.length));
    held.photos.push(...loaded);
    return {
      outcome: 'added',
      added: loaded.length,
      photoCount: held.photos.length,
      title: held.title,
      missingAngles: missingTradeInAngles(held.angles),
    };
  }

  async tradeInNotice(event: TradeInEvent): Promise<TradeInNotice | null> {
    this.calls.push({ method: 'tradeInNotice', eventId: event.id });
    return this.notices.get(event.id) ?? null;
  }
}
