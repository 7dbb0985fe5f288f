import { Composer, type Api, type Context, type Filter } from 'grammy';
import type { Message } from 'grammy/types';
import type { StockCar, StockPhotoRefusal } from '../../../domain/contracts/stock-photos.ts';
import type { Language } from '../../../domain/enums.ts';
import { stockReferenceIn, type StockReference } from '../../../domain/stock-photo-caption.ts';
import { albumSends } from '../album-sends.ts';
import type { BotDeps } from '../bot-deps.ts';
import { describeError } from '../telegram-errors.ts';
import { downloadTelegramFile, TELEGRAM_FILE_MAX_BYTES, TelegramFileTooLarge } from '../telegram-files.ts';
import { senderLanguage, STAFF_LANGUAGE, textsIn, type Translate } from '../texts.ts';

/** The types the car-photo pipeline takes (decision 018); a phone sends its untouched original as a document of one of these. */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

type PhotoContext = Filter<Context, 'message:photo' | 'message:document'>;

/** One photo to add: Telegram's largest size of a photo, or an image document. */
interface PhotoFile {
  fileId: string;
  fileSize: number | null;
  /** A document's declared type; null for a photo, which Telegram always sends as a JPEG. */
  mimeType: string | null;
}

/** Photos from one message or one album, and where the answer goes. */
interface Intake {
  chatId: number;
  /** The topic to answer in; null in a private chat or the staff group's General topic. */
  messageThreadId: number | null;
  replyTo: number;
  language: Language;
  actorUserId: number;
  reference: StockReference | undefined;
  files: PhotoFile[];
}

function photoFileOf(message: Message): PhotoFile | undefined {
  const largest = message.photo?.at(-1);
  if (largest) return { fileId: largest.file_id, fileSize: largest.file_size ?? null, mimeType: null };
  const document = message.document;
  return document && { fileId: document.file_id, fileSize: document.file_size ?? null, mimeType: document.mime_type ?? '' };
}

const refusalText = (t: Translate, car: StockCar, refusal: StockPhotoRefusal): string => {
  switch (refusal.reason) {
    case 'too_many':
      return t(
        'Nothing was added: a car has at most {max} photos, and {car} has {has}, so {adding} more would be too many. Delete some in the dashboard first.',
        { max: refusal.max, car: car.title, has: refusal.has, adding: refusal.adding },
      );
    case 'wrong_type':
      return t(
        'Nothing was added: photo {photo} is not a JPEG, PNG or WebP photo. Send it as a photo rather than a file, or set an iPhone to take JPEG (Settings › Camera › Formats › Most Compatible).',
        { photo: refusal.photo },
      );
    case 'too_large':
      return t('Nothing was added: photo {photo} is larger than 20 MB. Send it as a photo rather than a file.', { photo: refusal.photo });
    case 'too_many_pixels':
      return t('Nothing was added: photo {photo} has more than 50 megapixels. Send it as a photo rather than a file.', {
        photo: refusal.photo,
      });
    case 'unreadable':
      return t('Nothing was added: photo {photo} cannot be read. It may be damaged; send it again.', { photo: refusal.photo });
    case 'busy':
      return t('Nothing was added: many photos are being processed right now. Send them again in a minute.');
  }
};

export interface StockPhotos {
  composer: Composer<Context>;
  /** Adds albums left behind (by a restart, or a failure before they were taken). */
  sweepAlbums(api: Api): Promise<void>;
  /** Resolves once every album look put off so far is done (albumSends). */
  settled(): Promise<void>;
  /** Cancels album looks still waiting; their parts stay in the database for the next sweep. */
  close(): void;
}

/**
 * Car photos from an admin's phone (docs/product/inventory.md#photos-from-your-phone): a photo, an
 * image document (a phone's untouched original) or an album, captioned with the car's stock number
 * or VIN (domain/stock-photo-caption.ts), sent in a private chat with the bot or in the staff group
 * outside an applicant's topic. The photos are downloaded from Telegram and added to that car in the
 * order sent, through the dashboard upload's pipeline and rules, and the bot answers with the car
 * and its photo count, or what stopped it.
 *
 * In a private chat every photo of an admin is taken as a car photo (one without a car in its
 * caption gets told how to name it). In the staff group, where staff also share photos with each
 * other, only photos whose caption names a car are taken. Someone who is not an admin and writes
 * "stock …" or "#…" on a photo is told that this is for staff; their photos otherwise go on as
 * before (to the relay, in a private chat), since an applicant may well send a photo about a car.
 */
export function stockPhotosFeature(deps: BotDeps, staffChatId: number | undefined, albumWindowMs: number): StockPhotos {
  const { stockPhotos, users, chat, log, config } = deps;
  const composer = new Composer<Context>();
  const looks = albumSends();
  const files = { apiRoot: config.bot.apiRoot, token: config.bot.token ?? '' };

  async function intake(api: Api, request: Intake): Promise<void> {
    const t = textsIn(deps.catalogues, request.language);
    const answer = (text: string) =>
      api.sendMessage(request.chatId, text, {
        ...(request.messageThreadId === null ? {} : { message_thread_id: request.messageThreadId }),
        reply_parameters: { message_id: request.replyTo, allow_sending_without_reply: true },
      });
    if (!request.reference) {
      await answer(t("Add the car's stock number or VIN as the caption (for example: stock 12345) and send the photos again."));
      return;
    }
    const car = await stockPhotos.findCar(request.reference.text);
    if (!car) {
      await answer(t('I could not find a car with stock number or VIN “{reference}”.', { reference: request.reference.text }));
      return;
    }
    // Told before anything is downloaded: a document that is no photo we take, or one Telegram would not hand over.
    const wrongType = request.files.findIndex((file) => file.mimeType !== null && !PHOTO_TYPES.has(file.mimeType));
    if (wrongType >= 0) {
      await answer(refusalText(t, car, { reason: 'wrong_type', photo: wrongType + 1 }));
      return;
    }
    const tooLarge = request.files.findIndex((file) => (file.fileSize ?? 0) > TELEGRAM_FILE_MAX_BYTES);
    if (tooLarge >= 0) {
      await answer(refusalText(t, car, { reason: 'too_large', photo: tooLarge + 1 }));
      return;
    }
    let loading = 0;
    const loaders = request.files.map((file, index) => () => {
      loading = index + 1;
      return downloadTelegramFile(api, files, file.fileId);
    });
    let result;
    try {
      result = await stockPhotos.addPhotos(car, loaders, request.actorUserId);
    } catch (error) {
      if (error instanceof TelegramFileTooLarge) {
        await answer(refusalText(t, car, { reason: 'too_large', photo: loading }));
        return;
      }
      log.warn({ error: describeError(error) }, 'car photos from the bot were not added');
      await answer(t('Nothing was added: something went wrong on our side. Send the photos again in a minute.'));
      return;
    }
    if (result.outcome === 'no_such_car') {
      await answer(t('I could not find a car with stock number or VIN “{reference}”.', { reference: request.reference.text }));
    } else if (result.outcome === 'refused') {
      await answer(refusalText(t, car, result.refusal));
    } else {
      log.info({ userId: request.actorUserId, car: result.car.uuid, added: result.added }, 'added car photos sent to the bot');
      await answer(
        t(
          'Added {count, plural, one {# photo} other {# photos}} to {car} (stock {stock}): {total, plural, one {# photo} other {# photos}} now.',
          {
            count: result.added,
            car: result.car.title,
            stock: result.car.stockNumber,
            total: result.car.photoCount,
          },
        ),
      );
    }
  }

  async function flushAlbum(api: Api, chatId: number, mediaGroupId: string, quietMs: number): Promise<void> {
    const parts = await stockPhotos.takeAlbum(chatId, mediaGroupId, quietMs);
    const first = parts[0];
    if (!first) return;
    const reference = stockReferenceIn(parts.find((part) => part.caption)?.caption);
    // In the staff group an album whose caption names no car was shared among staff, not sent to the bot.
    if (chatId === staffChatId && !reference) return;
    await intake(api, {
      chatId,
      messageThreadId: first.messageThreadId,
      replyTo: first.messageId,
      language: first.language,
      actorUserId: first.senderUserId,
      reference,
      files: parts,
    });
  }

  /** A look at the album once this part has had time to be the last; the last part's look takes them all. */
  function lookLater(api: Api, chatId: number, mediaGroupId: string) {
    looks.after(albumWindowMs, () =>
      // Half the window of quiet is asked for: the database's clock may run a little apart from this one.
      flushAlbum(api, chatId, mediaGroupId, albumWindowMs / 2).catch((error: unknown) =>
        log.warn({ error: describeError(error) }, 'an album of car photos was not added; it will be retried'),
      ),
    );
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
    const user = await users.findByTelegramId(ctx.from.id);
    if (!user?.is_admin) {
      if (reference?.marked) {
        const t = textsIn(deps.catalogues, language);
        await ctx.reply(t('Sorry, adding photos to cars is for staff only. If you work here, ask an administrator to give you access.'), {
          reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
        });
      }
      return next();
    }
    const file = photoFileOf(message)!;
    if (message.media_group_id) {
      await stockPhotos.addAlbumPart({
        chatId: ctx.chat.id,
        messageId: message.message_id,
        mediaGroupId: message.media_group_id,
        messageThreadId: topic,
        senderUserId: user.id,
        language,
        caption: message.caption ?? null,
        ...file,
      });
      // Not awaited: the album's next parts must be handled meanwhile (polling takes one update at a time).
      lookLater(ctx.api, ctx.chat.id, message.media_group_id);
      return;
    }
    if (inStaffGroup && !reference) return next();
    await intake(ctx.api, {
      chatId: ctx.chat.id,
      messageThreadId: topic,
      replyTo: message.message_id,
      language,
      actorUserId: user.id,
      reference,
      files: [file],
    });
  });

  return {
    composer,
    async sweepAlbums(api) {
      for (const { chatId, mediaGroupId } of await stockPhotos.staleAlbums()) await flushAlbum(api, chatId, mediaGroupId, 0);
    },
    settled: () => looks.settled(),
    close: () => looks.close(),
  };
}
