import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHostInstance } from '../host/index.ts';
import { screenBackAtom } from '../host/main-button.ts';
import { parentPath, tabRootOf } from './tabs.ts';

/** react-router's browser history keeps the entry's position in history.state.idx. */
function historyIndex(): number {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : 0;
}

/**
 * Telegram's native Back button, shown on the deeper screens only (the tab bar takes the user
 * between tabs). It steps back through the app's own history; on a screen opened directly (a
 * shared link, a start parameter) it leads one level up instead of leaving the app. A screen with
 * a Back action of its own (useBackAction) takes the button over.
 */
export function TelegramBackButton() {
  const native = useHostInstance().native;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  const pathnameRef = useRef(pathname);
  const screenBack = useAtomValue(screenBackAtom);
  const screenBackRef = useRef(screenBack);
  useEffect(() => {
    navigateRef.current = navigate;
    pathnameRef.current = pathname;
    screenBackRef.current = screenBack;
  }, [navigate, pathname, screenBack]);

  useEffect(() => {
    if (!native) return;
    return native.onBackButton(() => {
      if (screenBackRef.current) screenBackRef.current.run();
      else if (historyIndex() > 0) void navigateRef.current(-1);
      else void navigateRef.current(parentPath(pathnameRef.current), { replace: true });
    });
  }, [native]);

  const deeper = tabRootOf(pathname) === null;
  useEffect(() => {
    native?.showBackButton(deeper);
  }, [native, deeper]);

  return null;
}
