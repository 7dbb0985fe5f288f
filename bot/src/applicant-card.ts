import { applicationStatusLabels, languageNames } from '../../domain/enums.ts';
import { findApplicationByUser } from '../../server/src/applications/applications.repository.ts';
import type { UserRow } from '../../server/src/db/schema.ts';
import { findUserById } from '../../server/src/users/users.repository.ts';
import type { BotDeps } from './bot-deps.ts';
import { appUrl, withLinkButton, type Reply } from './links.ts';
import { STAFF_LANGUAGE, textsIn } from './texts.ts';

/** Telegram's limit for a forum topic's name. */
const TOPIC_NAME_MAX = 128;

export function displayName(user: Pick<UserRow, 'first_name' | 'last_name' | 'telegram_id' | 'id'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || `#${user.telegram_id ?? user.id}`;
}

/** The applicant's topic is named after them, so staff find them in the topic list. */
export function topicName(user: UserRow): string {
  const name = user.username ? `${displayName(user)} (@${user.username})` : displayName(user);
  return name.length > TOPIC_NAME_MAX ? `${name.slice(0, TOPIC_NAME_MAX - 1)}…` : name;
}

/**
 * Who the applicant is, for staff: name, username, language, application status and a link to
 * their dashboard page. Never an SSN, birth date, income or image (docs/product.md#privacy-and-retention: personal
 * financial data never goes to Telegram).
 */
export async function applicantCard(deps: BotDeps, userId: number): Promise<Reply> {
  const t = textsIn(deps.catalogues, STAFF_LANGUAGE);
  const user = await findUserById(deps.db, userId);
  if (!user) return { text: t('This applicant is no longer in the database.') };
  const application = await findApplicationByUser(deps.db, userId);
  const lines = [
    `👤 ${displayName(user)}`,
    user.username ? `@${user.username}` : t('No Telegram username'),
    t('Language: {language}', { language: languageNames[user.language] }),
    application
      ? t('Application #{id}: {status}', { id: application.id, status: t(applicationStatusLabels[application.status]) })
      : t('No application yet'),
  ];
  return withLinkButton(deps.config, lines.join('\n'), t('Open in dashboard'), appUrl(deps.config, `/dashboard/users/${userId}`));
}
