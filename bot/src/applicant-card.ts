import { applicationStatusLabels, languageNames } from '../../domain/enums.ts';
import type { BotDeps } from './bot-deps.ts';
import { appUrl, withLinkButton, type Reply } from './links.ts';
import type { BotUser } from './ports.ts';
import { STAFF_LANGUAGE, textsIn } from './texts.ts';

/** Telegram's limit for a forum topic's name. */
const TOPIC_NAME_MAX = 128;

export function displayName(user: Pick<BotUser, 'first_name' | 'last_name' | 'telegram_id' | 'id'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || `#${user.telegram_id ?? user.id}`;
}

/** The applicant's topic is named after them, so staff find them in the topic list. */
export function topicName(user: BotUser): string {
  const name = user.username ? `${displayName(user)} (@${user.username})` : displayName(user);
  return name.length > TOPIC_NAME_MAX ? `${name.slice(0, TOPIC_NAME_MAX - 1)}…` : name;
}

/**
 * Who the applicant is, for staff: name, username, language, application status and a link to
 * their dashboard page. Never an SSN, birth date, income or image: personal financial data never
 * goes to Telegram (docs/product/submission.md#notifications).
 */
export async function applicantCard(deps: BotDeps, userId: number): Promise<Reply> {
  const t = textsIn(deps.catalogues, STAFF_LANGUAGE);
  const user = await deps.users.findById(userId);
  if (!user) return { text: t('This applicant is no longer in the database.') };
  const application = await deps.applicants.applicationOf(userId);
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
