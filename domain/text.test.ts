import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { characterCount, hasNoControlCharacters, normalizeLineBreaks, plainText } from './text.ts';

describe('plain text', () => {
  it.each(['\u0000', '\u0007', '\t', '\n', '\u001b[31m', '\u007f', '\u0085'])('refuses the control character %j', (control) => {
    expect(hasNoControlCharacters(`Ford${control}`)).toBe(false);
    expect(v.safeParse(plainText('brand', 100), `Ford${control}x`).issues?.[0]?.message).toBe('brand must not contain control characters');
  });

  it.each(['Mercedes-Benz', 'Škoda', 'Ситроен', "O'Brien & Sons", '🚗'])('accepts %s', (text) => {
    expect(v.parse(plainText('brand', 100), text)).toBe(text);
  });

  it('trims before it measures, and names the field when text is too long', () => {
    expect(v.parse(plainText('model', 5), '  Camry  ')).toBe('Camry');
    expect(v.safeParse(plainText('model', 5), 'Corolla').issues?.[0]?.message).toBe('model must be at most 5 characters');
  });

  it('names the field when the value is not text', () => {
    expect(v.safeParse(plainText('brand', 5), 42).issues?.[0]?.message).toBe('brand must be text');
  });
});

describe('text of several lines', () => {
  it('takes tab and line feed, and refuses every other control character', () => {
    expect(hasNoControlCharacters('Heated seats\n\tLeather', 'lines')).toBe(true);
    for (const control of ['\u0000', '\u0007', '\r', '\u001b', '\u007f', '\u0085'])
      expect(hasNoControlCharacters(`Heated${control}seats`, 'lines')).toBe(false);
  });

  it('stores one kind of line break', () => {
    expect(normalizeLineBreaks('one\r\ntwo\rthree\nfour')).toBe('one\ntwo\nthree\nfour');
  });

  it('counts characters as the database does, an emoji as one', () => {
    expect(characterCount('🚗 Camry')).toBe(7);
  });
});
