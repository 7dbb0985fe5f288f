import type { User } from 'grammy/types';
import { DEFAULT_LANGUAGE, toSupportedLanguage, type Language } from '../../domain/enums.ts';
import type { Translations } from './ports.ts';

/** A message id (the English text, as in the web app's catalogues) in one language. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

export const textsIn =
  (catalogues: Translations, lang: Language): Translate =>
  (id, values) =>
    catalogues.translate(lang, id, values);

/** The staff group is shared by the whole team, so what the bot writes there is in one language. */
export const STAFF_LANGUAGE: Language = DEFAULT_LANGUAGE;

/** A Telegram language code becomes en, uk, es or ru; anything else is English. */
export const senderLanguage = (from: User | undefined): Language => toSupportedLanguage(from?.language_code);
