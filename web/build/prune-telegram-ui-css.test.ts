import { describe, expect, it } from 'vitest';
import { pruneStylesheet } from './prune-telegram-ui-css.ts';

const A = 'tgui-aaaaaaaaaaaaaaaa';
const B = 'tgui-bbbbbbbbbbbbbbbb';
const used = new Set([A]);

describe('pruneStylesheet', () => {
  it.each([
    ['keeps a rule whose classes are used', `.${A}{color:red}`, `.${A}{color:red}`],
    ['drops a rule needing an unused class', `.${B}{color:red}`, ''],
    ['drops only the unused selectors of a list', `.${A},.${B} p{color:red}`, `.${A}{color:red}`],
    ['drops a compound selector when one class is unused', `.${A}.${B}{color:red}`, ''],
    ['keeps a selector whose unused class is only inside :not()', `.${A}:not(.${B}) p{x:1}`, `.${A}:not(.${B}) p{x:1}`],
    [
      'leaves rules without telegram-ui classes alone',
      `.app-root{--tgui--bg_color:#fff}body{margin:0}`,
      `.app-root{--tgui--bg_color:#fff}body{margin:0}`,
    ],
    [
      'keeps keyframes and font faces',
      `@keyframes ${B}{0%{opacity:0}to{opacity:1}}@font-face{font-family:x}`,
      `@keyframes ${B}{0%{opacity:0}to{opacity:1}}@font-face{font-family:x}`,
    ],
    [
      'prunes inside @media and drops the emptied block',
      `@media (hover:hover){.${B}:hover{x:1}}@media print{.${A}{x:1}}`,
      `@media print{.${A}{x:1}}`,
    ],
    [
      'keeps statement at-rules and strings with braces',
      `@charset "utf-8";.${A}::after{content:"}{"}`,
      `@charset "utf-8";.${A}::after{content:"}{"}`,
    ],
  ])('%s', (_name, css, expected) => {
    expect(pruneStylesheet(css, used)).toBe(expected);
  });
});
