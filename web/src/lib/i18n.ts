import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { LANGUAGE_STORAGE_KEY } from '../../../domain/constants.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../domain/enums.ts';
import { messages as englishMessages } from '../../../locales/en/messages.po';

// English ships in the main chunk; the other catalogues are fetched when first chosen.
i18n.load('en', englishMessages);
i18n.activate('en');

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  uk: () => import('../../../locales/uk/messages.po'),
  es: () => import('../../../locales/es/messages.po'),
  ru: () => import('../../../locales/ru/messages.po'),
};
const loaded = new Set<Language>(['en']);
let latestRequest: Language = 'en';

/** Loads the catalogue if needed, switches Lingui, and sets <html lang>. Last call wins. */
export async function activateLanguage(lang: Language): Promise<void> {
  latestRequest = lang;
  if (!loaded.has(lang) && lang !== 'en') {
    const { messages } = await loaders[lang]();
    i18n.load(lang, messages);
    loaded.add(lang);
  }
  if (latestRequest !== lang) return;
  i18n.activate(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function readStoredLanguage(): Language | undefined {
  try {
    const value = sessionStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storeLanguage(lang: Language): void {
  try {
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage can be disabled (private mode, sandboxed webviews): the choice then lasts until reload.
  }
}

/** The active language and a setter that switches at once and remembers the choice for this tab. */
export function useLanguage(): [Language, (lang: Language) => void] {
  const { i18n: active } = useLingui();
  const lang = isLanguage(active.locale) ? active.locale : DEFAULT_LANGUAGE;
  const setLang = useCallback((next: Language) => {
    storeLanguage(next);
    void activateLanguage(next);
  }, []);
  return [lang, setLang];
}

export { i18n };
