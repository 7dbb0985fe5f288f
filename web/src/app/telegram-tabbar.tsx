import { useLingui } from '@lingui/react';
import { Tabbar } from '@telegram-apps/telegram-ui';
import { useLayoutEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMyApplication } from '../lib/api/get-my-application.ts';
import { useHost } from '../host/index.ts';
import { useSite } from '../lib/api/get-site.ts';
import { rememberTab, tabDestination, type RestoreScrollState } from './tab-memory.ts';
import type { TabId } from './tabs.ts';
import { telegramChatUrl } from '../../../domain/start-links.ts';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="26"
      height="26"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const ICONS: Record<TabId | 'chat', ReactNode> = {
  home: <path d="M3 11l9-7 9 7M5 9.5V20h5v-6h4v6h5V9.5" />,
  cars: <path d="M5 16h14M3 16v-3l2-5h14l2 5v3h-2M5 16v2M19 16v2M7 13h.01M17 13h.01" />,
  favorites: (
    <path d="M12 20s-7-4.3-8.7-8.6C2.2 8.5 4 5 7.4 5c1.9 0 3.2 1 4.6 2.8C13.4 6 14.7 5 16.6 5 20 5 21.8 8.5 20.7 11.4 19 15.7 12 20 12 20z" />
  ),
  application: <path d="M7 3h7l4 4v14H7zM14 3v4h4M10 12h5M10 16h5" />,
  chat: <path d="M4 5h16v11H9l-5 4z" />,
};

/**
 * The mini app's bottom tab bar (docs/product/screens.md#screens-and-routes): Home, Cars, Favourites, the application (Apply, or
 * its status once submitted) and Chat, which opens the conversation with the bot in Telegram.
 * Each tab keeps its own screen and scroll position; choosing the current tab again goes to its top.
 */
export function TelegramTabbar({ current }: { current: TabId }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const host = useHost();
  const site = useSite();
  const submitted = Boolean(useMyApplication().data);
  const botUsername = site.data?.botUsername ?? null;

  // The scroll position of the tab on screen, kept as the user scrolls it. A layout effect: the
  // listener must be gone in the commit that shows the next tab, before the browser clamps the
  // old scroll position to the new, shorter screen and reports that as this tab's.
  useLayoutEffect(() => {
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => rememberTab(current, pathname + search, window.scrollY));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
    };
  }, [current, pathname, search]);

  const choose = (tab: TabId) => {
    host.haptic('selection');
    if (tab === current) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    rememberTab(current, pathname + search, window.scrollY);
    const { href, scrollY } = tabDestination(tab);
    void navigate(href, { state: { restoreScrollY: scrollY } satisfies RestoreScrollState });
  };

  const tabs: Array<{ id: TabId; text: string }> = [
    { id: 'home', text: i18n._('Home') },
    { id: 'cars', text: i18n._('Cars') },
    { id: 'favorites', text: i18n._('Favourites') },
    { id: 'application', text: submitted ? i18n._('Loan status') : i18n._('Application') },
  ];

  return (
    <nav aria-label={i18n._('Tabs')} className="tabbar">
      <Tabbar className="tabbar__bar">
        {[
          ...tabs.map(({ id, text }) => (
            <Tabbar.Item
              key={id}
              text={text}
              selected={id === current}
              aria-current={id === current ? 'page' : undefined}
              onClick={() => choose(id)}
            >
              <Icon>{ICONS[id]}</Icon>
            </Tabbar.Item>
          )),
          // Chat has its place from the first frame, so the tabs never shift; it works once the site's details name the bot.
          <Tabbar.Item
            key="chat"
            text={i18n._('Chat')}
            disabled={!botUsername}
            onClick={() => {
              if (!botUsername) return;
              host.haptic('selection');
              host.openTelegramLink(telegramChatUrl(botUsername));
            }}
          >
            <Icon>{ICONS.chat}</Icon>
          </Tabbar.Item>,
        ]}
      </Tabbar>
    </nav>
  );
}
