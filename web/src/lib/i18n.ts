import { i18n, type I18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '../../../domain/constants.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../domain/enums.ts';
import { messages as englishMessages } from '../../../locales/en/messages.po';

// English public texts ship in the main chunk; everything else is fetched when first needed.
i18n.load('en', englishMessages);
i18n.activate('en');

type Loader = () => Promise<{ messages: Messages }>;

/** The public texts of every page, per language (English is already loaded). */
const pageTexts: Record<Exclude<Language, 'en'>, Loader> = {
  uk: () => import('../../../locales/uk/messages.po'),
  es: () => import('../../../locales/es/messages.po'),
  ru: () => import('../../../locales/ru/messages.po'),
};

/** The wizard's and the dashboard's own texts (lingui.config.ts), in their chunks' catalogues. */
export type ScreenCatalogue = 'application' | 'dashboard';
const screenTexts: Record<ScreenCatalogue, Record<Language, Loader>> = {
  application: {
    en: () => import('../../../locales/en/application.po'),
    uk: () => import('../../../locales/uk/application.po'),
    es: () => import('../../../locales/es/application.po'),
    ru: () => import('../../../locales/ru/application.po'),
  },
  dashboard: {
    en: () => import('../../../locales/en/dashboard.po'),
    uk: () => import('../../../locales/uk/dashboard.po'),
    es: () => import('../../../locales/es/dashboard.po'),
    ru: () => import('../../../locales/ru/dashboard.po'),
  },
};

const loaded = new Set<string>(['messages:en']);
const screensInUse = new Set<ScreenCatalogue>();
let latestRequest: Language = 'en';

async function ensureLoaded(name: string, lang: Language, load: Loader): Promise<void> {
  const key = `${name}:${lang}`;
  if (loaded.has(key)) return;
  // Lingui merges what is loaded for a language into what it already has.
  i18n.load(lang, (await load()).messages);
  loaded.add(key);
}

const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

/**
 * Loads a screen's own catalogue in the current language before the screen renders (the router
 * awaits it with the screen's code), and in every language chosen from then on.
 */
export async function loadScreenCatalogues(...names: ScreenCatalogue[]): Promise<void> {
  for (const name of names) screensInUse.add(name);
  const lang = currentLanguage();
  await Promise.all(names.map((name) => ensureLoaded(name, lang, screenTexts[name][lang])));
}

/**
 * Every language's page texts, for the server's renders (web/src/entry-server.tsx), which switch
 * language without waiting; the wizard's own texts too, since the server renders its first step
 * (web/src/app/router.tsx).
 */
export async function loadEveryPageText(): Promise<void> {
  await Promise.all([
    ...Object.entries(pageTexts).map(([lang, load]) => ensureLoaded('messages', lang as Language, load)),
    ...Object.entries(screenTexts.application).map(([lang, load]) => ensureLoaded('application', lang as Language, load)),
  ]);
}

/** Loads the catalogues if needed, switches Lingui, and sets <html lang>. Last call wins. */
export async function activateLanguage(lang: Language): Promise<void> {
  latestRequest = lang;
  await Promise.all([
    lang === 'en' ? undefined : ensureLoaded('messages', lang, pageTexts[lang]),
    ...[...screensInUse].map((name) => ensureLoaded(name, lang, screenTexts[name][lang])),
  ]);
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

/** Remembers the choice for this tab, and in a cookie for the pages the server renders next. */
export function storeLanguage(lang: Language): void {
  document.cookie = `${LANGUAGE_COOKIE.name}=${lang}; path=/; max-age=${LANGUAGE_COOKIE.maxAgeSeconds}; samesite=lax`;
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

/**
 * A text the server wrote: a catalogue id where the server's message is a fixed one (validation,
 * refusals), in the active language; a message the server filled in itself (a stock file's row
 * naming a car and its VIN) has no id and is shown as the server wrote it.
 */
export function serverText(active: I18n, text: string): string {
  return active.messages[text] === undefined ? text : active._(text);
}

export { i18n };
