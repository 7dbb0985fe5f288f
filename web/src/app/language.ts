import { isLanguage, languageForCountry, toSupportedLanguage, type Language } from '../../../domain/enums.ts';
import { activateLanguage, readStoredLanguage, storeLanguage } from '../lib/i18n.ts';
import { getGeo } from './api/get-geo.ts';

export interface LanguageInputs {
  /** True when Telegram told us who the user is (even if it sent no language code). */
  telegramUserKnown: boolean;
  telegramLanguageCode: string | null;
  /** The language the address names (`?lang=`), as a visit message's signed link does. */
  linkLanguage?: string | null;
  lookupCountry?: () => Promise<string | null>;
}

const GEO_TIMEOUT_MS = 3000;

async function lookupCountryOverApi(): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), GEO_TIMEOUT_MS);
  try {
    return (await getGeo(controller.signal)).countryCode;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The language chosen without asking the network (docs/product/identity.md#languages): the visitor's remembered choice for
 * this tab first; then a known Telegram user's language (unsupported codes become en); then a
 * supported language the link names. Undefined means the geolocation lookup decides.
 */
export function languageWithoutLookup({ telegramUserKnown, telegramLanguageCode, linkLanguage }: LanguageInputs): Language | undefined {
  const stored = readStoredLanguage();
  if (stored) return stored;
  if (telegramUserKnown) return toSupportedLanguage(telegramLanguageCode);
  if (isLanguage(linkLanguage)) return linkLanguage;
  return undefined;
}

/** Geolocation: UA gives uk, any other country en, and a failed lookup en too (docs/product/identity.md#languages). */
export async function languageFromLookup(lookupCountry: () => Promise<string | null> = lookupCountryOverApi): Promise<Language> {
  try {
    return languageForCountry(await lookupCountry());
  } catch (error) {
    console.warn('Location lookup failed; using English.', error);
    return 'en';
  }
}

/**
 * Applies the starting language. Resolves once a remembered or Telegram language is active; the
 * geolocation path runs in the background and switches when it answers, unless the visitor has
 * picked a language in the meantime.
 */
export async function startLanguage(inputs: LanguageInputs): Promise<void> {
  const known = languageWithoutLookup(inputs);
  if (known) {
    // Kept like a choice, so the tab stays in the link's language once the address no longer names it.
    if (!inputs.telegramUserKnown && known === inputs.linkLanguage) storeLanguage(known);
    await activateLanguage(known).catch((error: unknown) => console.warn('Could not load the language', error));
    return;
  }
  void languageFromLookup(inputs.lookupCountry)
    .then(async (lang) => {
      if (readStoredLanguage()) return;
      // Remembered like a choice, so a reload in this tab keeps the language without a new lookup.
      storeLanguage(lang);
      await activateLanguage(lang);
    })
    .catch((error: unknown) => console.warn('Could not load the language', error));
}

/**
 * After a server-rendered page has hydrated in the language the server chose: a different choice
 * remembered in this tab wins now (and, through the cookie, on the next page); otherwise the
 * server's language is kept like a choice, so no location lookup changes it later.
 */
export function continueServerLanguage(serverLanguage: Language): void {
  const stored = readStoredLanguage() ?? serverLanguage;
  storeLanguage(stored);
  if (stored !== serverLanguage)
    void activateLanguage(stored).catch((error: unknown) => console.warn('Could not load the language', error));
}
