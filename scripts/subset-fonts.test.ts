import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_FILES, FONT_WEIGHTS } from '../server/src/pdf/print-theme.service.ts';
import { charactersOf, FONTS_DIR, subsetFonts } from './subset-fonts.ts';

const FONTS_CSS = readFileSync(new URL('../web/src/styles/fonts.css', import.meta.url), 'utf8');

describe('the Inter files the pages and PDFs use', () => {
  it('are what npm run fonts makes of the font package', async () => {
    for (const { file, bytes } of await subsetFonts()) {
      expect(readFileSync(join(FONTS_DIR, file)).equals(bytes), `web/public/fonts/${file} is stale: run npm run fonts and commit it`).toBe(
        true,
      );
    }
  });

  it('are declared in the web stylesheet with the ranges and weights they were cut to', () => {
    const faces = [...FONTS_CSS.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => match[1]!);
    for (const { file, unicodeRange } of FONT_FILES) {
      const face = faces.find((body) => body.includes(`/fonts/${file}`));
      expect(face, `fonts.css has no @font-face for ${file}`).toBeDefined();
      const declared = /unicode-range:\s*([^;]+);/.exec(face!)?.[1]!.replace(/\s+/g, ' ').trim();
      expect(charactersOf(declared!)).toBe(charactersOf(unicodeRange));
      expect(face).toContain(`font-weight: ${FONT_WEIGHTS.min} ${FONT_WEIGHTS.max};`);
    }
  });

  it('read a range of single characters and spans alike', () => {
    expect(charactersOf('U+0041-0043, U+2116')).toBe('ABC№');
  });
});
