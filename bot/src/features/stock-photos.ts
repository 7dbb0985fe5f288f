import type { Api } from 'grammy';
import type { StockCar, StockPhotoRefusal } from '../../../domain/contracts/stock-photos.ts';
import type { Language } from '../../../domain/enums.ts';
import type { StockReference } from '../../../domain/stock-photo-caption.ts';
import type { BotDeps } from '../bot-deps.ts';
import { declaredRefusal, PhotoNotTaken, photoLoaders, photoRefusalText, type PhotoFile } from '../photo-intake.ts';
import { describeError } from '../telegram-errors.ts';
import { textsIn, type Translate } from '../texts.ts';

/** Photos from one message or one album, and where the answer goes. */
export interface StockPhotoIntake {
  chatId: number;
  /** The topic to answer in; null in a private chat or the staff group's General topic. */
  messageThreadId: number | null;
  replyTo: number;
  language: Language;
  actorUserId: number;
  reference: StockReference | undefined;
  files: readonly PhotoFile[];
}

const refusalText = (t: Translate, car: StockCar, refusal: StockPhotoRefusal): string =>
  refusal.reason === 'too_many'
    ? t(
        'Nothing was added: a car has at most {max} photos, and {car} has {has}, so {adding} more would be too many. Delete some in the dashboard first.',
        { max: refusal.max, car: car.title, has: refusal.has, adding: refusal.adding },
      )
    : photoRefusalText(t, refusal);

/**
 * Car photos from an admin's phone (docs/product/inventory.md#photos-from-your-phone), a photo, an
 * image document (a phone's untouched original) or an album captioned with the car's stock number or
 * VIN (domain/stock-photo-caption.ts): downloaded from Telegram and added to that car in the order
 * sent, through the dashboard upload's pipeline and rules; the bot answers with the car and its photo
 * count, or what stopped it. Which photos come here is bot/src/features/photos.ts's to say.
 */
export function stockPhotoIntake(deps: BotDeps): (api: Api, request: StockPhotoIntake) => Promise<void> {
  const { stockPhotos, log, config } = deps;
  const files = { apiRoot: config.bot.apiRoot, token: config.bot.token ?? '' };

  return async (api, request) => {
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
    const declared = declaredRefusal(request.files);
    if (declared) {
      await answer(refusalText(t, car, declared));
      return;
    }
    let result;
    try {
      result = await stockPhotos.addPhotos(car, photoLoaders(api, files, request.files), request.actorUserId);
    } catch (error) {
      if (error instanceof PhotoNotTaken) {
        await answer(refusalText(t, car, error.refusal));
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
  };
}
