import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../domain/constants.ts';
import { activateLanguage, i18n } from '../lib/i18n.ts';
import { languageFromLookup, languageWithoutLookup, startLanguage } from './language.ts';

const web = { telegramUserKnown: false, telegramLanguageCode: null };

afterEach(async () => {
  vi.restoreAllMocks();
  await activateLanguage('en');
});

describe('choosing the language', () => {
  it('uses the language remembered in sessionStorage', () => {
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    expect(languageWithoutLookup(web)).toBe('es');
    // A remembered choice wins over Telegram's language too.
    expect(languageWithoutLookup({ telegramUserKnown: true, telegramLanguageCode: 'ru' })).toBe('es');
  });

  it('ignores a remembered value we do not support', () => {
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(languageWithoutLookup(web)).toBeUndefined();
  });

  it.each([
    ['uk', 'uk'],
    ['ru', 'ru'],
    ['es', 'es'],
    ['en', 'en'],
    ['uk-UA', 'uk'],
    ['de', 'en'],
    [null, 'en'],
  ])('a Telegram user with language %j gets %s', (code, expected) => {
    expect(languageWithoutLookup({ telegramUserKnown: true, telegramLanguageCode: code })).toBe(expected);
  });

  it('opens a link that names a language in it, after a remembered choice and Telegram', () => {
    expect(languageWithoutLookup({ ...web, linkLanguage: 'es' })).toBe('es');
    expect(languageWithoutLookup({ telegramUserKnown: true, telegramLanguageCode: 'uk', linkLanguage: 'es' })).toBe('uk');
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'ru');
    expect(languageWithoutLookup({ ...web, linkLanguage: 'es' })).toBe('ru');
  });

  it('passes over a language the link names that we do not support', () => {
    expect(languageWithoutLookup({ ...web, linkLanguage: 'de' })).toBeUndefined();
    expect(languageWithoutLookup({ ...web, linkLanguage: 'es-MX' })).toBeUndefined();
  });

  it('leaves the choice to the geolocation lookup otherwise', () => {
    expect(languageWithoutLookup(web)).toBeUndefined();
  });

  it.each([
    ['UA', 'uk'],
    ['ua', 'uk'],
    ['US', 'en'],
    ['ES', 'en'],
    ['RU', 'en'],
    [null, 'en'],
  ])('country %j from the lookup gives %s', async (country, expected) => {
    await expect(languageFromLookup(async () => country)).resolves.toBe(expected);
  });

  it('falls back to English when the lookup fails, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(languageFromLookup(async () => Promise.reject(new Error('offline')))).resolves.toBe('en');
    expect(warn).toHaveBeenCalled();
  });
});

describe('startLanguage', () => {
  it('activates Ukrainian for a visitor from Ukraine and remembers it for the tab', async () => {
    await startLanguage({ ...web, lookupCountry: async () => 'UA' });
    await vi.waitFor(() => expect(i18n.locale).toBe('uk'));
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('uk');
    expect(document.documentElement.lang).toBe('uk');
    expect(i18n._('Start Application')).toBe('Почати заявку');
  });

  it('applies a Telegram user language before resolving, without a lookup', async () => {
    const lookup = vi.fn(async () => 'UA');
    await startLanguage({ telegramUserKnown: true, telegramLanguageCode: 'ru', lookupCountry: lookup });
    expect(i18n.locale).toBe('ru');
    expect(lookup).not.toHaveBeenCalled();
    // Only the picker remembers; Telegram decides again on the next launch.
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('opens a web link in the language it names, without a lookup, and keeps it for the tab', async () => {
    const lookup = vi.fn(async () => 'UA');
    await startLanguage({ ...web, linkLanguage: 'es', lookupCountry: lookup });
    expect(i18n.locale).toBe('es');
    expect(lookup).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
  });

  it('does not override a choice the visitor made while the lookup was running', async () => {
    let answer: (code: string) => void = () => {};
    const lookup = () => new Promise<string>((resolve) => (answer = resolve));
    await startLanguage({ ...web, lookupCountry: lookup });
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    await activateLanguage('es');
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    answer('UA');
    // With the lookup's answer in, the remembered choice is read again, and it wins.
    await vi.waitFor(() => expect(reads).toHaveBeenCalledWith(LANGUAGE_STORAGE_KEY));
    expect(i18n.locale).toBe('es');
  });
});
