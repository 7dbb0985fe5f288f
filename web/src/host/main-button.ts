import { atom } from 'jotai';

/** The plain-web stand-in for Telegram's Main button, rendered by the app layout. */
export interface WebMainButton {
  text: string;
  enabled: boolean;
  loading: boolean;
  onClick: () => void;
}

export const webMainButtonAtom = atom<WebMainButton | null>(null);
