import type { Api } from 'grammy';
import type { InputMedia, Message } from 'grammy/types';
import { isNotModified } from './telegram-errors.ts';

/** The edited message's media as Telegram can put it in place of the copy's (file ids work across chats of one bot). */
function mediaOf(message: Message): InputMedia | undefined {
  const caption = { caption: message.caption ?? '', caption_entities: message.caption_entities };
  if (message.photo) return { type: 'photo', media: message.photo.at(-1)!.file_id, ...caption };
  if (message.video) return { type: 'video', media: message.video.file_id, ...caption };
  if (message.animation) return { type: 'animation', media: message.animation.file_id, ...caption };
  if (message.audio) return { type: 'audio', media: message.audio.file_id, ...caption };
  if (message.document) return { type: 'document', media: message.document.file_id, ...caption };
  return undefined;
}

/** Makes the copy of a message match its edited original: text, caption and media, or a live location's new position. */
export async function mirrorEdit(api: Api, copy: { chatId: number; messageId: number }, edited: Message): Promise<void> {
  try {
    if (edited.text !== undefined) {
      await api.editMessageText(copy.chatId, copy.messageId, edited.text, { entities: edited.entities });
      return;
    }
    const media = mediaOf(edited);
    if (media) {
      await api.editMessageMedia(copy.chatId, copy.messageId, media);
      return;
    }
    if (edited.location) {
      await api.editMessageLiveLocation(copy.chatId, copy.messageId, edited.location.latitude, edited.location.longitude);
    }
  } catch (error) {
    if (!isNotModified(error)) throw error;
  }
}
