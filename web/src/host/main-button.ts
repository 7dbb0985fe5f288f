import { atom } from 'jotai';

/** The plain-web stand-in for Telegram's Main button, rendered by the app layout. */
export interface WebMainButton {
  text: string;
  enabled: boolean;
  loading: boolean;
  onClick: () => void;
}

export const webMainButtonAtom = atom<WebMainButton | null>(null);

/** A screen's own Back action (a wizard's previous step), which the native Back button runs instead of going back in history. */
export interface ScreenBack {
  run: () => void;
}

export const screenBackAtom = atom<ScreenBack | null>(null);
