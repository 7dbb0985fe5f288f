import {
  addToHomeScreen,
  backButton,
  closeMiniApp,
  closingBehavior,
  downloadFile,
  hapticFeedback,
  init,
  initData,
  isTMA,
  locationManager,
  mainButton,
  miniApp,
  openLink,
  openTelegramLink,
  postEvent,
  retrieveLaunchParams,
  sendData,
  settingsButton,
  shareURL,
  swipeBehavior,
  themeParams,
  viewport,
  type ThemeParams,
  type User,
} from '@telegram-apps/sdk-react';
import { setRawInitData } from './init-data.ts';
import type { Host, HostLocation, HostUser } from './types.ts';
import { telegramShareUrl } from '../../../domain/start-links.ts';

const VIEWPORT_MOUNT_TIMEOUT_MS = 3000;
const FULLSCREEN_TIMEOUT_MS = 3000;

function toHostUser(user: User | undefined): HostUser | null {
  if (!user) return null;
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name ?? null,
    username: user.username ?? null,
    languageCode: user.language_code ?? null,
    photoUrl: user.photo_url ?? null,
    isPremium: user.is_premium ?? false,
  };
}

function isLocation(value: unknown): value is HostLocation {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as HostLocation).latitude === 'number' &&
    typeof (value as HostLocation).longitude === 'number'
  );
}

/**
 * Telegram's header, background and bottom bar take the page's colours, so the app melts into
 * the client; repainted on every theme change. The bottom bar matches our tab bar.
 */
function paintClientChrome(theme: ThemeParams = themeParams.state()) {
  const background = theme.bg_color;
  const bottomBar = theme.bottom_bar_bg_color ?? theme.secondary_bg_color ?? background;
  // Posted directly: miniApp's setters would pin its colour state to a fixed colour, and
  // miniApp.isDark (the app's light/dark switch) would stop following the theme.
  if (background && miniApp.setHeaderColor.isAvailable()) postEvent('web_app_set_header_color', { color: background });
  if (background && miniApp.setBackgroundColor.isAvailable()) postEvent('web_app_set_background_color', { color: background });
  if (bottomBar && miniApp.setBottomBarColor.isAvailable()) postEvent('web_app_set_bottom_bar_color', { color: bottomBar });
}

/**
 * Starts the SDK and returns the Telegram host, or null when this is not a Telegram launch.
 * Throws when the client sent launch data the SDK cannot handle; the caller then falls back to
 * the plain web (Telegram's advice: "wrap boot in try/catch anyway").
 */
export function createTelegramHost(): Host | null {
  if (!isTMA()) return null;
  init();

  // miniApp first: the main button takes its colours from the theme it mounts.
  miniApp.mountSync.ifAvailable();
  if (!themeParams.isMounted()) themeParams.mountSync.ifAvailable();
  themeParams.bindCssVars.ifAvailable();
  miniApp.bindCssVars.ifAvailable();
  backButton.mount.ifAvailable();
  mainButton.mount.ifAvailable();
  settingsButton.mount.ifAvailable();
  // Swiping down minimises the app as users expect; only a form in progress turns it off
  // (useFormGuard). Mounting restores a reload's last state, so the default is set again.
  swipeBehavior.mount.ifAvailable();
  swipeBehavior.enableVertical.ifAvailable();
  paintClientChrome();
  // The new theme comes as the argument: the colour signals may not have caught up yet.
  themeParams.state.sub((theme) => paintClientChrome(theme));

  // viewport.mount can hang on some clients: never block rendering on it.
  const [viewportStarted, mounting] = viewport.mount.ifAvailable({ timeout: VIEWPORT_MOUNT_TIMEOUT_MS });
  if (viewportStarted) {
    mounting
      .then(() => {
        viewport.bindCssVars.ifAvailable();
      })
      .catch(() => {
        // Without viewport data the CSS falls back to the window size.
      });
  }
  viewport.expand.ifAvailable();

  initData.restore();
  setRawInitData(initData.raw());
  const launchParams = retrieveLaunchParams();
  const user = toHostUser(initData.user());
  const startParam = initData.startParam() ?? launchParams.tgWebAppStartParam ?? null;

  return {
    kind: 'telegram',
    platform: launchParams.tgWebAppPlatform,
    user,
    startParam,
    isDark: () => miniApp.isDark(),
    subscribeTheme: (listener) => miniApp.isDark.sub(listener),
    openLink(url) {
      const [opened] = openLink.ifAvailable(url);
      if (!opened) window.open(url, '_blank', 'noopener,noreferrer');
    },
    openTelegramLink(url) {
      const [opened] = openTelegramLink.ifAvailable(url);
      if (!opened) window.open(url, '_blank', 'noopener,noreferrer');
    },
    async share({ url, text }) {
      const [shared] = shareURL.ifAvailable(url, text);
      if (!shared) openLink.ifAvailable(telegramShareUrl(url, text));
    },
    async downloadFile(url, name) {
      const absolute = new URL(url, window.location.href).href;
      const [started, download] = downloadFile.ifAvailable(absolute, name);
      if (started) {
        // The user may decline; that is their answer, not an error.
        await download.catch(() => undefined);
        return;
      }
      openLink.ifAvailable(absolute);
    },
    close() {
      closeMiniApp.ifAvailable();
    },
    expand() {
      viewport.expand.ifAvailable();
    },
    async requestFullscreen() {
      const [started, request] = viewport.requestFullscreen.ifAvailable({ timeout: FULLSCREEN_TIMEOUT_MS });
      if (started) await request.catch(() => undefined);
    },
    addToHomeScreen() {
      addToHomeScreen.ifAvailable();
    },
    async requestLocation() {
      try {
        if (!locationManager.isMounted()) {
          const [mounting, mounted] = locationManager.mount.ifAvailable();
          if (!mounting) return null;
          await mounted;
        }
        const [requested, request] = locationManager.requestLocation.ifAvailable();
        if (!requested) return null;
        const location: unknown = await request;
        return isLocation(location) ? { latitude: location.latitude, longitude: location.longitude } : null;
      } catch {
        return null;
      }
    },
    sendData(data) {
      sendData.ifAvailable(data);
    },
    haptic(kind) {
      if (kind === 'selection') hapticFeedback.selectionChanged.ifAvailable();
      else if (kind === 'success' || kind === 'warning' || kind === 'error') hapticFeedback.notificationOccurred.ifAvailable(kind);
      else hapticFeedback.impactOccurred.ifAvailable(kind);
    },
    confirmClosing(enabled) {
      if (!closingBehavior.isMounted()) closingBehavior.mount.ifAvailable();
      if (enabled) closingBehavior.enableConfirmation.ifAvailable();
      else closingBehavior.disableConfirmation.ifAvailable();
    },
    native: {
      showBackButton(visible) {
        if (visible) backButton.show.ifAvailable();
        else backButton.hide.ifAvailable();
      },
      onBackButton(listener) {
        const [added, off] = backButton.onClick.ifAvailable(listener);
        return added ? off : () => {};
      },
      setMainButton({ text, visible, enabled, loading }) {
        mainButton.setParams.ifAvailable({ text, isVisible: visible, isEnabled: enabled, isLoaderVisible: loading });
      },
      onMainButton(listener) {
        const [added, off] = mainButton.onClick.ifAvailable(listener);
        return added ? off : () => {};
      },
      showSettingsButton(visible) {
        if (visible) settingsButton.show.ifAvailable();
        else settingsButton.hide.ifAvailable();
      },
      onSettingsButton(listener) {
        const [added, off] = settingsButton.onClick.ifAvailable(listener);
        return added ? off : () => {};
      },
      allowVerticalSwipes(allowed) {
        if (allowed) swipeBehavior.enableVertical.ifAvailable();
        else swipeBehavior.disableVertical.ifAvailable();
      },
      ready() {
        miniApp.ready.ifAvailable();
      },
    },
  };
}
