import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHostInstance } from '../host/index.ts';
import { screenBackAtom } from '../host/main-button.ts';

/** react-router's browser history keeps the entry's position in history.state.idx. */
function historyIndex(): number {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : 0;
}

/**
 * Telegram's native Back button: visible on every screen but home. It steps back through the
 * app's own history; on a screen opened directly (a start link) it leads home instead of leaving.
 * A screen with a Back action of its own (useBackAction) takes the button over.
 */
export function TelegramBackButton() {
  const native = useHostInstance().native;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  const screenBack = useAtomValue(screenBackAtom);
  const screenBackRef = useRef(screenBack);
  useEffect(() => {
    navigateRef.current = navigate;
    screenBackRef.current = screenBack;
  }, [navigate, screenBack]);

  useEffect(() => {
    if (!native) return;
    return native.onBackButton(() => {
      if (screenBackRef.current) screenBackRef.current.run();
      else if (historyIndex() > 0) void navigateRef.current(-1);
      else void navigateRef.current('/', { replace: true });
    });
  }, [native]);

  useEffect(() => {
    native?.showBackButton(pathname !== '/');
  }, [native, pathname]);

  return null;
}
