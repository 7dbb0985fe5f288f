import type { Api } from 'grammy';
import type { Language } from '../../../domain/enums.ts';
import type { BotDeps } from '../bot-deps.ts';
import { PhotoNotTaken, photoLoaders, photoRefusalText, type PhotoFile } from '../photo-intake.ts';
import { describeError } from '../telegram-errors.ts';
import { textsIn } from '../texts.ts';
import { stillNeededText } from '../trade-in-texts.ts';

/** Photos from one message or one album of a shopper's private chat, and where the answer goes. */
export interface TradeInPhotoIntake {
  telegramUserId: number;
  /** The shopper's private chat with the bot. */
  chatId: number;
  replyTo: number;
  language: Language;
  files: readonly PhotoFile[];
}

/**
 * A shopper's photos of their trade-in sent in the chat (docs/product/bot.md#trade-ins): offered to
 * the trade-in that collects them since "Send photos in the chat" (`/start tradein`), which takes
 * them in the order sent, all or none, and answers with what it holds and what it still lacks.
 * Answers `not_collecting` when no trade-in takes them: they are the relay's then, as any photo.
 */
export function tradeInPhotoIntake(deps: BotDeps): (api: Api, request: TradeInPhotoIntake) => Promise<'taken' | 'not_collecting'> {
  const { tradeIns, log, config } = deps;
  const files = { apiRoot: config.bot.apiRoot, token: config.bot.token ?? '' };

  return async (api, request) => {
    const t = textsIn(deps.catalogues, request.language);
    const answer = (text: string) =>
      api.sendMessage(request.chatId, text, { reply_parameters: { message_id: request.replyTo, allow_sending_without_reply: true } });
    let result;
    try {
      result = await tradeIns.addChatPhotos(request.telegramUserId, photoLoaders(api, files, request.files));
    } catch (error) {
      if (error instanceof PhotoNotTaken) {
        await answer(photoRefusalText(t, error.refusal));
        return 'taken';
      }
      log.warn({ error: describeError(error) }, 'trade-in photos from the bot were not added');
      await answer(t('Nothing was added: something went wrong on our side. Send the photos again in a minute.'));
      return 'taken';
    }
    if (result.outcome === 'not_collecting') return 'not_collecting';
    if (result.outcome === 'refused') {
      const { refusal } = result;
      await answer(
        refusal.reason === 'too_many'
          ? t(
              'Nothing was added: a trade-in holds at most {max} photos, and yours has {has}, so {adding} more would be too many. Remove some in the app first.',
              { max: refusal.max, has: refusal.has, adding: refusal.adding },
            )
          : photoRefusalText(t, refusal),
      );
      return 'taken';
    }
    const added = t(
      'Added {count, plural, one {# photo} other {# photos}} to your {car}: {total, plural, one {# photo} other {# photos}} now.',
      {
        count: result.added,
        car: result.title,
        total: result.photoCount,
      },
    );
    await answer(`${added}\n${stillNeededText(t, request.language, result.missingAngles)}`);
    return 'taken';
  };
}
