import * as v from 'valibot';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { initDataUserSchema, profileFromTelegramUser } from './telegram-profile.schema.ts';
import { upsertTelegramUser } from './users.repository.ts';

/**
 * The user of someone who wrote to the bot, created from their Telegram profile the first time. An
 * existing row is left as it is: the app keeps the language the user chose there and the photo from
 * the mini app. A profile field Telegram would accept but our columns would not (control characters)
 * is dropped rather than failing the message.
 */
export async function rememberTelegramUser(db: Db, from: { id: number }): Promise<UserRow> {
  const parsed = v.safeParse(initDataUserSchema, from);
  return upsertTelegramUser(db, parsed.success ? profileFromTelegramUser(parsed.output) : { id: from.id });
}
