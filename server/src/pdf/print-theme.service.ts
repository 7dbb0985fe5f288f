import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { THEME } from '../../../domain/constants.ts';
import { PROJECT_ROOT, WEB_DIST } from '../paths.ts';

/**
 * The look of every printed document: Inter from our own font files, embedded as data URLs so the
 * page needs no network, and the dealer's colours (docs/product/screens.md#audiences-and-channels).
 */

/** Where the web app's Inter files are: its sources in development, its build in production. */
const FONT_FOLDERS = [join(PROJECT_ROOT, 'web/public/fonts'), join(WEB_DIST, 'fonts')];

/**
 * The web app's subsets (web/src/styles/fonts.css): latin and cyrillic cover en, es, uk and ru.
 * `npm run fonts` cuts each file to its range and to FONT_WEIGHTS (scripts/subset-fonts.ts).
 */
export const FONT_FILES = [
  {
    file: 'inter-latin-wght-normal.woff2',
    unicodeRange:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  },
  { file: 'inter-cyrillic-wght-normal.woff2', unicodeRange: 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116' },
];

/** The weights the pages and documents use, from body text (400) to the boldest figure (800). */
export const FONT_WEIGHTS = { min: 400, max: 800 } as const;

function fontFaces(): string {
  const folder = FONT_FOLDERS.find((dir) => FONT_FILES.every(({ file }) => existsSync(join(dir, file))));
  if (!folder)
    throw new Error(
      `The Inter font files are missing: looked in ${FONT_FOLDERS.join(' and ')} for ${FONT_FILES.map(({ file }) => file).join(', ')}.`,
    );
  return FONT_FILES.map(
    ({ file, unicodeRange }) =>
      `@font-face { font-family: '${THEME.fontFamily}'; font-style: normal; font-weight: ${FONT_WEIGHTS.min} ${FONT_WEIGHTS.max}; src: url(data:font/woff2;base64,${readFileSync(join(folder, file)).toString('base64')}) format('woff2'); unicode-range: ${unicodeRange}; }`,
  ).join('\n');
}

const STATUS_COLOURS = { in_review: '#B45309', approved: '#15803D', rejected: '#B91C1C' } as const;

const RULES = `
  * { box-sizing: border-box; }
  html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  body { margin: 0; font-family: '${THEME.fontFamily}', 'DejaVu Sans', sans-serif; font-size: 9.5pt; line-height: 1.35; color: #1F2937; }
  header.masthead { display: flex; justify-content: space-between; align-items: flex-end; padding-bottom: 8pt; border-bottom: 3pt solid ${THEME.secondary}; margin-bottom: 12pt; }
  .dealer { font-size: 16pt; font-weight: 700; color: ${THEME.primary}; }
  .title { font-size: 11pt; font-weight: 600; color: #374151; margin-top: 2pt; }
  .reference { text-align: right; font-size: 9pt; color: #374151; }
  .reference strong { display: block; font-size: 12pt; color: ${THEME.primary}; }
  section { margin-bottom: 12pt; }
  h2 { font-size: 11.5pt; font-weight: 700; color: #FFFFFF; background: ${THEME.primary}; padding: 3pt 7pt; margin: 0 0 6pt; border-left: 4pt solid ${THEME.secondary}; break-after: avoid; }
  h3 { font-size: 10pt; font-weight: 700; color: ${THEME.primary}; margin: 8pt 0 4pt; break-after: avoid; }
  dl { display: grid; grid-template-columns: 1fr 1fr; column-gap: 16pt; row-gap: 3pt; margin: 0; }
  dl.lines { grid-template-columns: 1fr; }
  .field { display: grid; grid-template-columns: 46% 54%; column-gap: 4pt; break-inside: avoid; }
  dt { color: #6B7280; }
  dd { margin: 0; font-weight: 500; overflow-wrap: anywhere; }
  .block { border: 0.75pt solid #E5E7EB; border-radius: 3pt; padding: 5pt 7pt; margin-top: 6pt; break-inside: avoid; }
  .blocks { display: grid; grid-template-columns: 1fr 1fr; column-gap: 12pt; }
  table { width: 100%; border-collapse: collapse; }
  th { text-align: left; font-weight: 600; color: #6B7280; border-bottom: 0.75pt solid #D1D5DB; padding: 3pt 4pt; }
  td { border-bottom: 0.75pt solid #F3F4F6; padding: 3pt 4pt; vertical-align: top; }
  tr { break-inside: avoid; }
  .consent-text { color: #4B5563; font-size: 8pt; }
  .deal-lines { margin-top: 6pt; }
  .deal-lines .amount { text-align: right; white-space: nowrap; }
  .deal-lines tr.total td { font-weight: 700; }
  .disclosure { margin: 6pt 0 3pt; font-weight: 500; }
  .nowrap { white-space: nowrap; }
  .status { font-weight: 700; }
  ${Object.entries(STATUS_COLOURS)
    .map(([status, colour]) => `.status-${status} { color: ${colour}; }`)
    .join('\n  ')}
  .licence { break-before: page; }
  figure { margin: 0 0 14pt; break-inside: avoid; }
  figcaption { font-weight: 600; color: ${THEME.primary}; margin-bottom: 4pt; }
  figure img { display: block; max-width: 100%; max-height: 4in; border: 0.75pt solid #D1D5DB; border-radius: 3pt; }
  .muted { color: #6B7280; }
`;

let stylesheet: string | undefined;

/** The document's whole stylesheet, read once per process. */
export function printStylesheet(): string {
  stylesheet ??= `${fontFaces()}\n${RULES}`;
  return stylesheet;
}

/**
 * The footer is drawn apart from the page, without its fonts: a system sans keeps each page cheap
 * (embedding Inter again there costs tens of milliseconds per document).
 */
export const FOOTER_STYLE = `font-family: 'DejaVu Sans', sans-serif; font-size: 7pt; color: #4B5563; width: 100%; margin: 0 0.6in; display: flex; justify-content: space-between; gap: 12pt;`;
export const CONFIDENTIAL_STYLE = `color: ${THEME.secondary}; font-weight: 700;`;

/** Room for the footer below the content; the same for every document, so a warmed-up page prints like a real one. */
export const PAGE_MARGINS = { top: '0.55in', bottom: '0.7in', left: '0.6in', right: '0.6in' } as const;

/** A white 2 × 2 JPEG: decoding any JPEG once readies a fresh context for the licence photos. */
const BLANK_JPEG =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAAD//Z';

/**
 * A page shaped like a document, with nobody's data in it, printed once in a fresh context before
 * a document uses it: the fonts, the layout and the image decoder are then ready.
 */
export function warmUpHtml(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${printStylesheet()}</style></head><body><header class="masthead"><div class="dealer">Aa Бб</div></header><section><h2>Aa Бб</h2><dl><div class="field"><dt>Aa</dt><dd>Бб</dd></div></dl><table><tr><td>Aa</td></tr></table></section><section class="licence"><figure><img src="data:image/jpeg;base64,${BLANK_JPEG}" alt=""></figure></section></body></html>`;
}
