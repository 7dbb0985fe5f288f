/**
 * `npm run fonts`: writes web/public/fonts from @fontsource-variable/inter. Each file keeps only
 * the characters of its unicode-range and the weights the pages use (FONT_WEIGHTS in
 * server/src/pdf/print-theme.service.ts, which web/src/styles/fonts.css declares too), every
 * OpenType feature kept. The latin file is the one every first visit downloads before its text
 * settles (docs/operations/benchmarks.md#pages), so its bytes count: 29 KB rather than 48.
 * scripts/subset-fonts.test.ts checks the committed files are what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { FONT_FILES, FONT_WEIGHTS } from '../server/src/pdf/print-theme.service.ts';

export const FONTS_DIR = fileURLToPath(new URL('../web/public/fonts/', import.meta.url));

/** Every character a CSS unicode-range names ("U+0000-00FF, U+0131, …"). */
export function charactersOf(unicodeRange: string): string {
  let characters = '';
  for (const part of unicodeRange.split(',')) {
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++) characters += String.fromCodePoint(code);
  }
  return characters;
}

/** Each font file's name and the bytes this script makes of it. */
export async function subsetFonts(): Promise<Array<{ file: string; bytes: Buffer }>> {
  return Promise.all(
    FONT_FILES.map(async ({ file, unicodeRange }) => ({
      file,
      bytes: await subsetFont(
        readFileSync(fileURLToPath(import.meta.resolve(`@fontsource-variable/inter/files/${file}`))),
        charactersOf(unicodeRange),
        {
          targetFormat: 'woff2',
          variationAxes: { wght: FONT_WEIGHTS },
        },
      ),
    })),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { file, bytes } of await subsetFonts()) {
    writeFileSync(join(FONTS_DIR, file), bytes);
    process.stdout.write(`wrote ${file}: ${(bytes.length / 1024).toFixed(1)} KB\n`);
  }
}
