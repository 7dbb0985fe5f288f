import { Composer, type Api, type Context, type Filter } from 'grammy';
import type { StockPhotoPart } from '../../../domain/contracts/stock-photos.ts';
import type { Language } from '../../../domain/enums.ts';
import { stockReferenceIn, type StockReference } from '../../../domain/stock-photo-caption.ts';
import type { BotDeps } from '../bot-deps.ts';
import { photoAlbums } from '../photo-albums.ts';
import { isImage, photoFileOf, type PhotoFile } from '../photo-intake.ts';
import { senderLanguage, STAFF_LANGUAGE, textsIn } from '../texts.ts';
import type { Relay } from './relay.ts';
import { stockPhotoIntake } from './stock-photos.ts';
import { tradeInPhotoIntake } from './trade-in-photos.ts';

type PhotoContext = Filter<Context, 'message:photo' | 'message:document'>;

export interface Photos {
  composer: Composer<Context>;
  /** Takes albums left behind (by a restart, or a failure before they were taken). */
  sweepAlbums(api: Api): Promise<void>;
  /** Resolves once every album look put off so far is done (albumSends). */
  settled(): Promise<void>;
  /** Cancels album looks still waiting; their parts stay in the database for the next sweep. */
  close(): void;
}

/** Photos of one message or one album, as the intakes are handed them. */
interface Sent {
  chatId: number;
  messageThreadId: number | null;
  replyTo: number;
  language: Language;
  senderUserId: number;
  reference: StockReference | undefined;
  files: readonly PhotoFile[];
}

/**
 * Which photos the bot takes itself, and for what, before the relay sees them:
 * - an admin's photo, image document or album whose caption names a car (stock number or VIN) is a
 *   car photo (bot/src/features/stock-photos.ts), in a private chat or in the staff group outside an
 *   applicant's topic; in the staff group, where staff also share photos with each other, only those;
 * - a shopper's photo or album in their private chat is offered to their trade-in
 *   (bot/src/features/trade-in-photos.ts), and goes on to the relay as before when no trade-in
 *   collects it; an admin's uncaptioned photos are offered to their own trade-in the same way, and
 *   otherwise get told how to name the car;
 * - someone who is not an admin and writes "stock …" or "#…" on a photo is told that this is for
 *   staff; their photo goes on to the relay, since an applicant may well send a photo about a car.
 * Albums of both kinds are collected the one way (bot/src/photo-albums.ts) and sorted once whole.
 */
export function photosFeature(
  deps: BotDeps,
  staffChatId: number | undefined,
  albumWindowMs: number,
  relay: Pick<Relay, 'passOnAlbum'>,
): Photos {
  const { users, chat } = deps;
  const composer = new Composer<Context>();
  const addStockPhotos = stockPhotoIntake(deps);
  const addTradeInPhotos = tradeInPhotoIntake(deps);
  const albums = photoAlbums(deps.photoAlbums, deps.log, albumWindowMs, takeAlbum);

  const staffOnlyText = (language: Language) =>
    textsIn(
      deps.catalogues,
      language,
    )('Sorry, adding photos to cars is for staff only. If you work here, ask an administrator to give you access.');

  /** A shopper's photos in their private chat (its id is theirs in Telegram): taken by their trade-in or not. */
  const offerToTradeIn = (api: Api, sent: Sent) =>
    addTradeInPhotos(api, {
      telegramUserId: sent.chatId,
      chatId: sent.chatId,
      replyTo: sent.replyTo,
      language: sent.language,
      files: sent.files,
    });

  async function fromAdmin(api: Api, sent: Sent): Promise<void> {
    if (!sent.reference && sent.chatId !== staffChatId && (await offerToTradeIn(api, sent)) === 'taken') return;
    await addStockPhotos(api, { ...sent, actorUserId: sent.senderUserId });
  }

  async function takeAlbum(api: Api, parts: StockPhotoPart[]): Promise<void> {
    const first = parts[0]!;
    const sent: Sent = {
      chatId: first.chatId,
      messageThreadId: first.messageThreadId,
      replyTo: first.messageId,
      language: first.language,
      senderUserId: first.senderUserId,
      reference: stockReferenceIn(parts.find((part) => part.caption)?.caption),
      files: parts,
    };
    if (first.chatId === staffChatId) {
      // In the staff group an album whose caption names no car was shared among staff, not sent to the bot.
      if (sent.reference) await addStockPhotos(api, { ...sent, actorUserId: sent.senderUserId });
      return;
    }
    const sender = await users.findById(first.senderUserId);
    // Deleted since: nobody to add the photos for or to relay them from.
    if (!sender) return;
    if (sender.is_admin) return fromAdmin(api, sent);
    if (sent.reference?.marked)
      await api.sendMessage(sent.chatId, staffOnlyText(sent.language), {
        reply_parameters: { message_id: sent.replyTo, allow_sending_without_reply: true },
      });
    else if ((await offerToTradeIn(api, sent)) === 'taken') return;
    await relay.passOnAlbum(api, parts, sent.language);
  }

  composer.on(['message:photo', 'message:document'], async (ctx: PhotoContext, next) => {
    const message = ctx.message;
    const inStaffGroup = staffChatId !== undefined && ctx.chat.id === staffChatId;
    if ((ctx.chat.type !== 'private' && !inStaffGroup) || ctx.from.is_bot) return next();
    const topic = message.is_topic_message ? (message.message_thread_id ?? null) : null;
    // An applicant's topic belongs to the relay.
    if (inStaffGroup && topic !== null && (await chat.threadByTopic(staffChatId, topic))) return next();

    const language = inStaffGroup ? STAFF_LANGUAGE : senderLanguage(ctx.from);
    const reference = stockReferenceIn(message.caption);
    const file = photoFileOf(message)!;
    // Remembered as the relay would (a shopper's first message may be an album), so that every part of it comes here alike.
    const user = inStaffGroup ? await users.findByTelegramId(ctx.from.id) : await users.rememberTelegramUser(ctx.from);
    // Only an admin's photos are taken in the staff group; a shopper's only if they may be photos of their car (a PDF is for staff).
    const takes = user?.is_admin || (user !== undefined && !inStaffGroup && isImage(file));
    if (user && takes && message.media_group_id) {
      await albums.add(ctx.api, {
        chatId: ctx.chat.id,
        messageId: message.message_id,
        mediaGroupId: message.media_group_id,
        messageThreadId: topic,
        senderUserId: user.id,
        language,
        caption: message.caption ?? null,
        ...file,
      });
      return;
    }
    const sent: Sent | undefined = user && {
      chatId: ctx.chat.id,
      messageThreadId: topic,
      replyTo: message.message_id,
      language,
      senderUserId: user.id,
      reference,
      files: [file],
    };
    if (sent && user?.is_admin) {
      if (inStaffGroup && !reference) return next();
      return fromAdmin(ctx.api, sent);
    }
    if (reference?.marked) {
      await ctx.reply(staffOnlyText(language), { reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } });
      return next();
    }
    if (sent && takes && (await offerToTradeIn(ctx.api, sent)) === 'taken') return;
    return next();
  });

  return {
    composer,
    sweepAlbums: (api) => albums.sweep(api),
    settled: () => albums.settled(),
    close: () => albums.close(),
  };
}
