import { useSetAtom } from 'jotai';
import { createContext, createElement, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { screenBackAtom, webMainButtonAtom } from './main-button.ts';
import type { Host } from './types.ts';
import { createWebHost } from './web-host.ts';

export type { Host } from './types.ts';
export { bootHost } from './boot.ts';

const HostContext = createContext<Host | null>(null);
let fallbackHost: Host | undefined;

export function HostProvider({ host, children }: { host: Host; children: ReactNode }) {
  return createElement(HostContext.Provider, { value: host }, children);
}

/** The host as screens see it: plain data plus actions that work (or are skipped) everywhere. */
export type HostApi = Omit<Host, 'isDark' | 'subscribeTheme' | 'native'> & { isDark: boolean };

/** The raw host object, for the app shell (native Back button, boot-time decisions). */
export function useHostInstance(): Host {
  const host = useContext(HostContext);
  if (host) return host;
  fallbackHost ??= createWebHost();
  return fallbackHost;
}

export function useHost(): HostApi {
  const host = useHostInstance();
  const isDark = useSyncExternalStore(host.subscribeTheme, host.isDark, () => false);
  return useMemo(
    () => ({
      kind: host.kind,
      platform: host.platform,
      user: host.user,
      startParam: host.startParam,
      isDark,
      openLink: host.openLink,
      openTelegramLink: host.openTelegramLink,
      share: host.share,
      downloadFile: host.downloadFile,
      close: host.close,
      expand: host.expand,
      requestFullscreen: host.requestFullscreen,
      addToHomeScreen: host.addToHomeScreen,
      requestLocation: host.requestLocation,
      sendData: host.sendData,
      haptic: host.haptic,
      confirmClosing: host.confirmClosing,
    }),
    [host, isDark],
  );
}

export interface MainButtonOptions {
  text: string;
  visible?: boolean;
  enabled?: boolean;
  loading?: boolean;
  onClick: () => void;
}

/**
 * The screen's primary action. Inside Telegram it drives the native Main button; on the web the
 * layout renders it as a page button. Either way it disappears when the screen unmounts.
 */
export function useMainButton({ text, visible = true, enabled = true, loading = false, onClick }: MainButtonOptions): void {
  const host = useHostInstance();
  const setWebButton = useSetAtom(webMainButtonAtom);
  // Callers pass inline handlers; a ref keeps the listener stable so it is not re-bound each render.
  const handler = useRef(onClick);
  useEffect(() => {
    handler.current = onClick;
  });
  const native = host.native;

  useEffect(() => {
    if (!native) return;
    return native.onMainButton(() => handler.current());
  }, [native]);

  // The SDK sends nothing while text is empty, so hiding repeats the last text.
  const lastText = useRef(text);
  useEffect(() => {
    if (native) {
      lastText.current = text;
      native.setMainButton({ text, visible, enabled, loading });
      return;
    }
    setWebButton(visible ? { text, enabled, loading, onClick: () => handler.current() } : null);
  }, [native, setWebButton, text, visible, enabled, loading]);

  useEffect(() => {
    if (native) return () => native.setMainButton({ text: lastText.current || ' ', visible: false, enabled: false, loading: false });
    return () => setWebButton(null);
  }, [native, setWebButton]);
}

/**
 * The screen's Back action (a wizard going to its previous step). Inside Telegram the native Back
 * button runs it while the screen is mounted; returns true when there is no native button and
 * the screen shows a Back button of its own.
 */
export function useBackAction(onBack: () => void): boolean {
  const native = useHostInstance().native;
  const setScreenBack = useSetAtom(screenBackAtom);
  const handler = useRef(onBack);
  useEffect(() => {
    handler.current = onBack;
  });
  useEffect(() => {
    if (!native) return;
    setScreenBack({ run: () => handler.current() });
    return () => setScreenBack(null);
  }, [native, setScreenBack]);
  return native === null;
}

export interface FormGuardState {
  /** The form holds answers the user has not submitted yet. */
  inProgress: boolean;
  /** Some of them are not saved anywhere yet. */
  unsaved: boolean;
}

/**
 * Keeps a form's work from being thrown away by accident. Inside Telegram, while the form is in
 * progress, a vertical swipe no longer closes the app and closing asks first (docs/product/application-wizard.md#application-wizard: scrolling
 * a long form must never close it). The web asks before the tab closes only while something is
 * not saved, since the browser's question cannot say more than "Leave site?". Leaving or
 * submitting the form restores both.
 */
export function useFormGuard({ inProgress, unsaved }: FormGuardState): void {
  const host = useHostInstance();
  const native = host.native;
  const guarded = native ? inProgress || unsaved : unsaved;
  useEffect(() => {
    if (!guarded) return;
    host.confirmClosing(true);
    native?.allowVerticalSwipes(false);
    return () => {
      host.confirmClosing(false);
      native?.allowVerticalSwipes(true);
    };
  }, [host, native, guarded]);
}
