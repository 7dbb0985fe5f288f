import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';

/**
 * Spanish speaks to the user as "usted" and calls a car "auto" (docs/product/identity.md#languages), in every
 * catalogue, so no screen mixes "puede" with "puedes" or "autos" with "coche".
 *
 * The rule checked here:
 * - No tú pronoun or possessive ("tú", "tu", "tus", "te", "ti", "contigo", "tuyo", "escribirte"…), no tú verb form
 *   ("puedes", "quieres", "tienes", "estás", "recibirás"…), and no tú imperative opening a sentence
 *   ("Guarda", "Toca", "Mira", "Elige", "Añade", "Inténtalo"…). Mid-sentence those words are the usted
 *   present ("se guarda cifrado", "el auto que elige"), which is right.
 * - A car is "auto", never "coche" or "carro". "Vehículo" stays allowed: it is the formal, general word
 *   of legal texts (the consents) and of the channels' own product names (Google's vehicle ads).
 */

const FILES = ['messages', 'application', 'dashboard', 'server'] as const;

const TU_WORDS = [
  'tú',
  'tu',
  'tus',
  'te',
  'ti',
  'contigo',
  'escribirte',
  'avisarte',
  'enterarte',
  'ayudarte',
  'llamarte',
  'tuyo',
  'tuya',
  'tuyos',
  'tuyas',
  'puedes',
  'puedas',
  'podrás',
  'quieres',
  'quieras',
  'tienes',
  'tengas',
  'tendrás',
  'estás',
  'eres',
  'has',
  'hayas',
  'buscas',
  'necesitas',
  'recibes',
  'recibirás',
  'verás',
  'sabes',
  'guardas',
  'eliges',
  'añades',
  'usas',
];
const TU_IMPERATIVES = [
  'guarda',
  'guárdalo',
  'toca',
  'mira',
  'elige',
  'añade',
  'pulsa',
  'filtra',
  'elimina',
  'borra',
  'inténtalo',
  'intenta',
  'abre',
  'escribe',
  'busca',
  'vuelve',
  'envía',
  'revisa',
  'cambia',
  'activa',
  'desactiva',
  'selecciona',
  'usa',
  'haz',
  'pon',
  'ven',
  'di',
];
const OTHER_CAR_WORDS = ['coche', 'coches', 'carro', 'carros'];

const wordsPattern = (words: string[]) => new RegExp(`(?<![\\p{L}\\p{N}_{])(${words.join('|')})(?![\\p{L}\\p{N}_}])`, 'iu');
const TU_WORD = wordsPattern(TU_WORDS);
const CAR_WORD = wordsPattern(OTHER_CAR_WORDS);
/**
 * An imperative as the first word of a text or of a sentence in it. Words that open usted sentences
 * too are not listed: "Prueba" (a dry run), "¿Comparte {company}…?", "Sigue aquí" (the note is).
 */
const TU_IMPERATIVE = new RegExp(`(?:^|[.!?:;]\\s+|[¡¿«“"(]\\s*)(${TU_IMPERATIVES.join('|')})(?![\\p{L}\\p{N}_])`, 'iu');

async function spanishTexts(file: (typeof FILES)[number]): Promise<Array<{ id: string; text: string }>> {
  const filename = new URL(`es/${file}.po`, import.meta.url);
  const po = formatter({ explicitIdAsDefault: true, origins: false });
  const catalog = await po.parse(readFileSync(filename, 'utf8'), { locale: 'es', sourceLocale: 'en', filename: filename.pathname });
  return Object.entries(catalog).map(([id, entry]) => ({ id, text: entry.translation ?? '' }));
}

describe('the Spanish catalogues', () => {
  it.each(FILES)('address the user as usted in %s.po, never as tú', async (file) => {
    const hits = (await spanishTexts(file))
      .map(({ text }) => ({ text, word: TU_WORD.exec(text)?.[1] ?? TU_IMPERATIVE.exec(text)?.[1] }))
      .filter((hit) => hit.word !== undefined);
    expect(hits).toEqual([]);
  });

  it.each(FILES)('call a car "auto" in %s.po, never "coche" or "carro"', async (file) => {
    const hits = (await spanishTexts(file)).filter(({ text }) => CAR_WORD.test(text)).map(({ text }) => text);
    expect(hits).toEqual([]);
  });
});
