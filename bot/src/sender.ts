import type { User } from 'grammy/types';
import * as v from 'valibot';
import type { UserRow } from '../../server/src/db/schema.ts';
import { initDataUserSchema, profileFromTelegramUser } from '../../server/src/users/telegram-profile.schema.ts';
import { upsertTelegramUser } from '../../server/src/users/users.repository.ts';
import type { BotDeps } from './bot-deps.ts';

/**
 * The users row of whoever wrote to the bot, created from their Telegram profile the first time
 * (topics and notifications point at it). An existing row is left as it is: the app keeps the
 * language the user chose there and the photo from the mini app. A profile field Telegram would
 * accept but our columns would not (control characters) is dropped rather than failing the message.
 */
export async function rememberSender(deps: BotDeps, from: User): Promise<UserRow> {
  const parsed = v.safeParse(initDataUserSchema, from);
  return upsertTelegramUser(deps.db, parsed.success ? profileFromTelegramUser(parsed.output) : { id: from.id });
}
