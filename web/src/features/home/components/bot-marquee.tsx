import { useLingui } from '@lingui/react';
import type React from 'react';
import { useHost } from '../../../host/index.ts';
import { telegramChatUrl } from '../../../../../domain/start-links.ts';

/** docs/product/screens.md#home: a scrolling strip that links to the bot's chat; hidden when no bot is configured. */
export function BotMarquee({ botUsername, pending }: { botUsername: string | null; pending: boolean }) {
  const { i18n } = useLingui();
  const host = useHost();
  // Holds the strip's place while the site settings load, so the promos below do not jump.
  if (pending) return <div className="marquee marquee--placeholder" aria-hidden="true" />;
  if (!botUsername) return null;
  const url = telegramChatUrl(botUsername);
  const text = i18n._('Questions? Chat with our team on Telegram');
  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    host.openTelegramLink(url);
  };
  const group = (
    <span className="marquee__group">
      {[0, 1, 2].map((n) => (
        <span key={n} className="marquee__item">
          {text} <span className="marquee__handle">@{botUsername}</span>
          <span className="marquee__dot">•</span>
        </span>
      ))}
    </span>
  );
  return (
    <a className="marquee" href={url} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      <span className="visually-hidden">
        {text} @{botUsername}
      </span>
      {/* The moving copies are decoration; the sentence above is what assistive tech reads. */}
      <span className="marquee__track" aria-hidden="true">
        {group}
        {group}
      </span>
    </a>
  );
}
