import './telegram-layout.css';
import { useLingui } from '@lingui/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguagePicker } from '../components/language-picker.tsx';
import { Toaster } from '../components/toasts.tsx';
import { useHostInstance } from '../host/index.ts';
import { useIsAdmin } from '../lib/api/get-me.ts';
import { LanguageSheet } from './language-sheet.tsx';
import { ScrollManager } from './scroll-manager.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TelegramBackButton } from './telegram-back-button.tsx';
import { TelegramSession } from './telegram-session.tsx';
import { TelegramTabbar } from './telegram-tabbar.tsx';
import { tabRootOf } from './tabs.ts';

/** Telegram's Settings item in the mini app's menu opens the language sheet. */
function useSettingsSheet(): [boolean, (open: boolean) => void] {
  const native = useHostInstance().native;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!native) return;
    native.showSettingsButton(true);
    const off = native.onSettingsButton(() => setOpen(true));
    return () => {
      off();
      native.showSettingsButton(false);
    };
  }, [native]);
  return [open, setOpen];
}

/**
 * Telegram shows its own loading screen until the app says it is ready: said once the shell's
 * first frame is painted (the second animation frame after its first commit), so the user never
 * sees an empty page or anything the shell then replaces.
 */
function useReadyOnceDrawn() {
  const native = useHostInstance().native;
  useLayoutEffect(() => {
    if (!native) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => native.ready());
    });
    return () => cancelAnimationFrame(frame);
  }, [native]);
}

/** Staff reach the dashboard from the top of Home: the mini app has no website header to hold the link. */
function AdminEntry() {
  const { i18n } = useLingui();
  if (!useIsAdmin()) return null;
  return (
    <Link to="/dashboard" className="admin-entry">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {i18n._('Dashboard')}
      <span aria-hidden="true">›</span>
    </Link>
  );
}

/**
 * The mini app's shell (docs/product/screens.md#screens-and-routes): no website header; a tab bar on the tabs' top screens, the
 * native Back button on deeper ones, the screen's main action on the native Main button, and the
 * language under Telegram's Settings item (and in Home's footer). Content stays clear of the
 * client's safe areas in full screen (global.css).
 */
export default function TelegramLayout() {
  const { pathname } = useLocation();
  const tab = tabRootOf(pathname);
  const [settingsOpen, setSettingsOpen] = useSettingsSheet();
  useReadyOnceDrawn();

  return (
    <div className="layout layout--telegram" data-tabbar={tab ? 'shown' : 'hidden'}>
      <main id="main" tabIndex={-1} className="layout__main">
        {tab === 'home' ? <AdminEntry /> : null}
        <Outlet />
        {tab === 'home' ? (
          <>
            <footer className="telegram-footer">
              <LanguagePicker />
            </footer>
            <SiteFooter />
          </>
        ) : null}
      </main>
      {tab ? <TelegramTabbar current={tab} /> : null}
      <LanguageSheet open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <Toaster />
      <ScrollManager />
      <TelegramBackButton />
      <TelegramSession />
    </div>
  );
}
