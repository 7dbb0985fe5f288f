import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHostInstance } from '../host/index.ts';

/** react-router's browser history keeps the entry's position in history.state.idx. */
function historyIndex(): number {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : 0;
}

/**
 * Telegram's native Back button: visible on every screen but home. It steps back through the
 * app's own history; on a screen opened directly (a start link) it leads home instead of leaving.
 */
export function TelegramBackButton() {
  const native = useHostInstance().native;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    if (!native) return;
    return native.onBackButton(() => {
      if (historyIndex() > 0) void navigateRef.current(-1);
      else void navigateRef.current('/', { replace: true });
    });
  }, [native]);

  useEffect(() => {
    native?.showBackButton(pathname !== '/');
  }, [native, pathname]);

  return null;
}
