import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '../../../domain/constants.ts';
import {
  BOOT_SCRIPT_MANIFEST_KEY,
  SERVER_STATE_ELEMENT_ID,
  type PageRenderer,
  type PreloadImage,
  type RenderedPage,
} from '../../../domain/contracts/page-render.ts';
import { isLanguage, languageForCountry, languageFromAcceptLanguage, type Language } from '../../../domain/enums.ts';
import { countryFromHeader } from '../geo/geo.service.ts';

/**
 * Public pages rendered on the server (docs/decisions/021-server-rendered-public-pages.md): the web
 * build's server bundle renders the same screens the browser does, with the API answered inside
 * this process, and the markup, its data and its stylesheets go into index.html. The head leaves
 * first, with the page's stylesheets inline and its largest picture preloaded, so the phone paints
 * from the HTML alone; the markup follows as React streams it.
 */

/** A render that takes longer than this is dropped: the page is served for the browser to render. */
const RENDER_DEADLINE_MS = 3000;

/** What a file holds, read again only when a rebuild changed it (no restart needed). */
function whenChanged<T>(file: string, read: (file: string, mtimeMs: number) => T): () => T | null {
  let cached: { mtimeMs: number; value: T } | undefined;
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: read(file, mtimeMs) };
    return cached.value;
  };
}

const isRenderer = (value: unknown): value is PageRenderer =>
  typeof value === 'object' && value !== null && 'renderPage' in value && typeof value.renderPage === 'function';

async function importRenderer(file: string, mtimeMs: number): Promise<PageRenderer | null> {
  // The modification time in the URL makes a rebuilt bundle a new module.
  const module: unknown = await import(`${pathToFileURL(file).href}?v=${mtimeMs}`);
  const renderer = typeof module === 'object' && module !== null && 'renderer' in module ? module.renderer : undefined;
  return isRenderer(renderer) ? renderer : null;
}

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The stylesheets a screen's chunk needs, its own and those of the chunks it imports. */
function stylesheetsOf(manifest: Manifest, module: string, seen = new Set<string>()): string[] {
  const chunk = manifest[module];
  if (!chunk || seen.has(module)) return [];
  seen.add(module);
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((imported) => stylesheetsOf(manifest, imported, seen))];
}

/**
 * The language the server renders a page in: the one the visitor picked (the picker's cookie),
 * else their browser's, else the country rule of docs/product/identity.md#languages from the proxy's
 * country header (a lookup service would hold up every page).
 */
export function pageLanguage(request: FastifyRequest, countryHeader: string | undefined): Language {
  const picked = request.cookies[LANGUAGE_COOKIE.name];
  if (isLanguage(picked)) return picked;
  const fromBrowser = languageFromAcceptLanguage(request.headers['accept-language']);
  if (fromBrowser) return fromBrowser;
  return languageForCountry(countryFromHeader(request.headers, countryHeader));
}

/** The headers of the visitor's request an API answer depends on: who they are and what they read. */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent'] as const;

/** A public page the server renders: what its head carries, and its render under way. */
export interface ServerPage {
  language: Language;
  /** Its screen's stylesheets: paths under web/dist, from the build manifest. */
  stylesheets: string[];
  /** The build's boot script (web/build/boot-script.ts), under web/dist, from the build manifest; null in a build without one. */
  boot: string | null;
  /**
   * The data passes' outcome, never rejected: null when the render failed, ran out of time or left
   * the page to the browser. Its markup() keeps to what is left of the same deadline.
   */
  rendered: Promise<RenderedPage | null>;
}

export interface PageRendering {
  /** The page with its render started, or null when the page is the browser's to render (or there is no server bundle). */
  render(request: FastifyRequest, url: string): Promise<ServerPage | null>;
}

/** Rejects once `deadline` (a Date.now() time) has passed, saying so in the log. */
function withinDeadline<T>(work: Promise<T>, deadline: number, onLate: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        onLate();
        reject(new Error(`page render took over ${RENDER_DEADLINE_MS} ms`));
      },
      Math.max(0, deadline - Date.now()),
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Renders through the server bundle beside webDist (web/dist-ssr), when the web build made one. */
export function pageRendering(app: FastifyInstance, webDist: string, countryHeader: string | undefined): PageRendering {
  const loadRenderer = whenChanged(join(webDist, '..', 'dist-ssr', 'entry-server.js'), importRenderer);
  const loadManifest = whenChanged(join(webDist, '.vite', 'manifest.json'), (file) => JSON.parse(readFileSync(file, 'utf8')) as Manifest);
  return {
    async render(request, url) {
      const renderer = await loadRenderer();
      const modules = renderer?.screenModules(url);
      if (!renderer || !modules) return null;
      const deadline = Date.now() + RENDER_DEADLINE_MS;
      const language = pageLanguage(request, countryHeader);
      const headers: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      headers['accept-language'] = language;
      const fetchApi = async (path: string) => {
        const answer = await app.inject({ method: 'GET', url: path, headers, remoteAddress: request.ip });
        const empty = answer.statusCode === 204 || answer.statusCode === 304;
        return new Response(empty ? null : answer.payload, {
          status: answer.statusCode,
          headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
        });
      };
      const late = () => request.log.warn({ url }, `page render took over ${RENDER_DEADLINE_MS} ms; served for the browser to render`);
      const rendered = withinDeadline(renderer.renderPage({ url, language, fetchApi }), deadline, late).then(
        (page) => page && { ...page, markup: () => withinDeadline(page.markup(), deadline, late) },
        (error: unknown) => {
          if (Date.now() < deadline) request.log.warn({ err: error, url }, 'page render failed; served for the browser to render');
          return null;
        },
      );
      const manifest = loadManifest();
      const stylesheets = manifest ? [...new Set(modules.flatMap((module) => stylesheetsOf(manifest, module)))] : [];
      return { language, stylesheets, boot: manifest?.[BOOT_SCRIPT_MANIFEST_KEY]?.file ?? null, rendered };
    },
  };
}

const ROOT = /<div id="root"><\/div>/i;
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/i;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/gi;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A preload the browser matches to the <img> (or <picture> source) it later meets: same srcset, sizes and type. */
function imagePreload(image: PreloadImage): string {
  const attributes = [
    ['rel', 'preload'],
    ['as', 'image'],
    ['href', image.href],
    ['imagesrcset', image.srcset],
    ['imagesizes', image.sizes],
    ['type', image.type],
    ['fetchpriority', 'high'],
  ]
    .filter((pair): pair is [string, string] => pair[1] !== null)
    .map(([name, value]) => `${name}="${attribute(value)}"`);
  return `<link ${attributes.join(' ')} />`;
}

/**
 * The built stylesheets' text. Their names carry their content's hash, so a name read once is
 * never read again (a rebuild brings new names).
 */
export function stylesheetTexts(webDist: string): (file: string) => string | null {
  const texts = new Map<string, string | null>();
  return (file) => {
    if (!texts.has(file)) {
      const path = join(webDist, file);
      // "</style" inside a string of the CSS would end the element; escaped, CSS reads it the same.
      texts.set(file, existsSync(path) ? readFileSync(path, 'utf8').replace(/<\/(style)/gi, '<\\/$1') : null);
    }
    return texts.get(file)!;
  };
}

/**
 * The head's stylesheets inline, so the first paint waits for the HTML alone (the budgets of
 * docs/operations/benchmarks.md#pages): the built page's own (the shell's) in place of its link, then
 * the screen's. Each keeps a disabled link beside its <style>, which the browser does not fetch but
 * which tells Vite's loader, when the client loads the screen's chunk, that its stylesheet is there.
 */
export function withInlineStylesheets(html: string, screenStylesheets: string[], read: (file: string) => string | null): string {
  const inlined = (file: string) => {
    const css = read(file);
    return css === null
      ? `<link rel="stylesheet" crossorigin href="/${file}" />`
      : `<style data-href="/${file}">${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled />`;
  };
  const own = new Set<string>();
  const withOwn = html.replace(STYLESHEET_LINK, (_, file: string) => {
    own.add(file);
    return inlined(file);
  });
  const screen = screenStylesheets.filter((file) => !own.has(file)).map(inlined);
  return screen.length > 0 ? withOwn.replace(/<\/head>/i, () => `  ${screen.join('\n    ')}\n  </head>`) : withOwn;
}

/**
 * A server-rendered page paints before the app is fetched: its one script is web/build/boot-script.ts, a few
 * hundred bytes that load the app's entry once the page has painted, so the entry's preloads are
 * left out too. On a slow phone the bandwidth goes to the HTML and the largest picture first, and no
 * long task of the app comes before the first paint. Without a boot script in the build, the page
 * keeps its scripts.
 */
export function withAppAfterPaint(html: string, boot: string | null): string {
  if (!boot) return html;
  return html
    .replace(/\s*<link rel="modulepreload"[^>]*>/gi, '')
    .replace(
      /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/i,
      (_, entry: string) => `<script type="module" crossorigin src="/${boot}" data-app="${entry}"></script>`,
    );
}

/**
 * The page as it leaves. Its head goes at once, open: the language, the stylesheets inline, the
 * boot script and the font to fetch, so the browser starts on them while the server renders. Once the data
 * passes are done (the last one is the markup), the largest picture's preload closes it, and the
 * markup follows, then its data. Should the render fail or run out of time, the page ends as the
 * browser-rendered one: an empty root, its data left out, so the client renders rather than hydrates.
 */
export async function* renderedPageChunks(
  template: string,
  page: ServerPage,
  read: (file: string) => string | null,
  log: FastifyRequest['log'],
): AsyncGenerator<string | Uint8Array> {
  const html = withAppAfterPaint(withInlineStylesheets(template, page.stylesheets, read), page.boot).replace(
    /<html lang="[^"]*"/i,
    () => `<html lang="${page.language}"`,
  );
  const headEnd = html.search(/<\/head>/i);
  const root = ROOT.exec(html);
  if (headEnd < 0 || !root) {
    yield html;
    return;
  }
  yield html.slice(0, headEnd);
  const bodyStart = html.slice(headEnd, root.index);
  const rest = html.slice(root.index + root[0].length);
  const browserRendered = `${bodyStart}${root[0]}${rest}`;

  const rendered = await page.rendered;
  if (!rendered) {
    yield browserRendered;
    return;
  }
  // The picture's preload closes the head before the markup: its download overlaps the markup's.
  yield `${rendered.largestImage ? `  ${imagePreload(rendered.largestImage)}\n  ` : ''}${bodyStart}`;
  let markup: ReadableStream<Uint8Array>;
  try {
    markup = await rendered.markup();
  } catch (error) {
    log.warn({ err: error }, 'page render failed after its head was sent; the page ends for the browser to render');
    yield `${root[0]}${rest}`;
    return;
  }
  yield '<div id="root">';
  const reader = markup.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) yield chunk.value;
  } finally {
    // Ends React's render too when the visitor leaves mid-page.
    await reader.cancel();
  }
  yield `</div>\n    <script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${rendered.state}</script>${rest.replace(NOSCRIPT, '')}`;
}
