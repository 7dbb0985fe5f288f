import * as v from 'valibot';
import { plainText } from '../../../domain/text.ts';

/** What a verified Telegram sign-in (mini-app init data or the Login Widget) tells us about a user. */
export interface TelegramProfile {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
  languageCode: string | null;
}

/** Telegram signs whatever a user typed into their profile; control characters still stop here. */
const shortText = (name: string, max: number) => v.optional(v.nullable(plainText(name, max)));

/** Telegram user ids are positive and, per Telegram, fit in 52 bits. */
export const telegramIdSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

/** The `user` object inside init data, as Telegram sends it (snake_case). Unknown keys are ignored. */
export const initDataUserSchema = v.object({
  id: telegramIdSchema,
  first_name: shortText('first_name', 256),
  last_name: shortText('last_name', 256),
  username: shortText('username', 64),
  photo_url: shortText('photo_url', 2048),
  language_code: shortText('language_code', 35),
});

export function profileFromTelegramUser(user: v.InferOutput<typeof initDataUserSchema>): TelegramProfile {
  return {
    id: user.id,
    firstName: user.first_name || null,
    lastName: user.last_name || null,
    username: user.username || null,
    photoUrl: user.photo_url || null,
    languageCode: user.language_code || null,
  };
}
