import type { Host } from './types.ts';
import { createWebHost } from './web-host.ts';

const LAUNCH_PARAMS_STORAGE_KEY = 'tapps/launchParams';

/**
 * A cheap look for Telegram launch parameters in the places the SDK reads them (URL, navigation
 * entry, sessionStorage), so a plain-web visit never downloads the SDK.
 */
export function mightBeTelegramLaunch(): boolean {
  const marker = /tgWebApp(Data|Platform|Version)=/;
  try {
    if (marker.test(window.location.href)) return true;
    const navigation = performance.getEntriesByType?.('navigation')[0];
    if (navigation && marker.test(navigation.name)) return true;
    return Boolean(sessionStorage.getItem(LAUNCH_PARAMS_STORAGE_KEY));
  } catch {
    return false;
  }
}

/** Decides once per page load whether we run inside Telegram; any failure means plain web. */
export async function bootHost(): Promise<Host> {
  if (mightBeTelegramLaunch()) {
    try {
      const { createTelegramHost } = await import('./telegram-host.ts');
      const host = createTelegramHost();
      if (host) return host;
    } catch (error) {
      console.warn('Telegram launch data could not be used; running as a web page.', error);
    }
    // The head's launch check hid the website (domain/telegram-launch.ts): it is the page after all.
    delete document.documentElement.dataset.launch;
  }
  return createWebHost();
}
