/** What screens may know about the host; the same shape inside Telegram and on the plain web. */

export interface HostUser {
  id: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  languageCode: string | null;
  photoUrl: string | null;
  isPremium: boolean;
}

export type HapticKind = 'light' | 'medium' | 'heavy' | 'selection' | 'success' | 'warning' | 'error';

export interface HostLocation {
  latitude: number;
  longitude: number;
}

export interface MainButtonParams {
  text: string;
  visible: boolean;
  enabled: boolean;
  loading: boolean;
}

/** Native controls that only exist inside Telegram; the plain web renders page controls instead. */
export interface NativeControls {
  showBackButton(visible: boolean): void;
  onBackButton(listener: () => void): () => void;
  setMainButton(params: MainButtonParams): void;
  onMainButton(listener: () => void): () => void;
  /** The Settings item of the mini app's menu. */
  showSettingsButton(visible: boolean): void;
  onSettingsButton(listener: () => void): () => void;
  /** False keeps a vertical swipe from minimising or closing the app (client 7.7+). */
  allowVerticalSwipes(allowed: boolean): void;
  /** Tells the client the app is drawn: it shows its own loading screen until then. Once is enough. */
  ready(): void;
}

// Function properties rather than methods: useHost hands them out detached, so none may rely on `this`.
export interface Host {
  readonly kind: 'telegram' | 'web';
  /** Telegram's platform name (ios, android, tdesktop, weba, …) or "web". */
  readonly platform: string;
  readonly user: HostUser | null;
  readonly startParam: string | null;
  /** Current colour scheme; changes are announced through subscribeTheme. */
  isDark: () => boolean;
  subscribeTheme: (listener: () => void) => () => void;
  openLink: (url: string) => void;
  openTelegramLink: (url: string) => void;
  share: (data: { url: string; text?: string }) => Promise<void>;
  downloadFile: (url: string, name: string) => Promise<void>;
  close: () => void;
  expand: () => void;
  requestFullscreen: () => Promise<void>;
  addToHomeScreen: () => void;
  requestLocation: () => Promise<HostLocation | null>;
  sendData: (data: string) => void;
  haptic: (kind: HapticKind) => void;
  /** Asks before the app or tab is closed while the screen holds work that is not saved yet. */
  confirmClosing: (enabled: boolean) => void;
  readonly native: NativeControls | null;
}
