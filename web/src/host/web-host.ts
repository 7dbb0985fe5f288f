import { i18n } from '../lib/i18n.ts';
import { toast } from '../components/toasts.tsx';
import type { Host, HostLocation } from './types.ts';
import { copyToClipboard } from '../lib/clipboard.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

/** The browser shows its own "Leave site?" question; the text cannot be chosen. */
function askBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
}

/** The plain-web host: every Telegram feature has a browser equivalent, or quietly does nothing. */
export function createWebHost(): Host {
  return {
    kind: 'web',
    platform: 'web',
    user: null,
    startParam: null,
    native: null,
    isDark: () => darkQuery()?.matches ?? false,
    subscribeTheme(listener) {
      const query = darkQuery();
      if (!query) return () => {};
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    openLink(url) {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    openTelegramLink(url) {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    async share({ url, text }) {
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ url, text });
          return;
        } catch (error) {
          // The user closed the share sheet: nothing to do.
          if (error instanceof DOMException && error.name === 'AbortError') return;
        }
      }
      if (await copyToClipboard(url)) toast.success(i18n._('Link copied'));
      else toast.error(i18n._('Could not copy the link'));
    },
    async downloadFile(url, name) {
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    },
    close() {
      // A web page cannot close its own tab unless it opened it.
    },
    expand() {},
    async requestFullscreen() {
      try {
        await document.documentElement.requestFullscreen?.();
      } catch {
        // Declined or unsupported: the page simply stays as it is.
      }
    },
    addToHomeScreen() {},
    requestLocation() {
      return new Promise<HostLocation | null>((resolve) => {
        if (!('geolocation' in navigator)) return resolve(null);
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
          () => resolve(null),
          { timeout: 10_000 },
        );
      });
    },
    sendData() {},
    // Vibration without a fresh user gesture is blocked and logged by browsers; the web needs none.
    haptic() {},
    confirmClosing(enabled) {
      window.removeEventListener('beforeunload', askBeforeUnload);
      if (enabled) window.addEventListener('beforeunload', askBeforeUnload);
    },
  };
}
