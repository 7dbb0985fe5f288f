import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '../../../domain/constants.ts';
import { SERVER_STATE_ELEMENT_ID, type PageRenderer, type RenderedPage } from '../../../domain/contracts/page-render.ts';
import { isLanguage, languageForCountry, languageFromAcceptLanguage, type Language } from '../../../domain/enums.ts';
import { countryFromHeader } from '../geo/geo.service.ts';

/**
 * Public pages rendered on the server (docs/decisions/021-server-rendered-public-pages.md): the web
 * build's server bundle renders the same screens the browser does, with the API answered inside
 * this process, and the markup, its data and its stylesheet go into index.html.
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

/** A page as the server rendered it: the language it chose and the stylesheets its screen needs. */
export interface ServerPage extends Omit<RenderedPage, 'modules'> {
  language: Language;
  /** Paths under web/dist, from the build manifest. */
  stylesheets: string[];
}

export interface PageRendering {
  /** The page's markup and data, or null when the page is the browser's to render (or rendering failed). */
  render(request: FastifyRequest, url: string): Promise<ServerPage | null>;
}

/** Renders through the server bundle beside webDist (web/dist-ssr), when the web build made one. */
export function pageRendering(app: FastifyInstance, webDist: string, countryHeader: string | undefined): PageRendering {
  const loadRenderer = whenChanged(join(webDist, '..', 'dist-ssr', 'entry-server.js'), importRenderer);
  const loadManifest = whenChanged(join(webDist, '.vite', 'manifest.json'), (file) => JSON.parse(readFileSync(file, 'utf8')) as Manifest);
  return {
    async render(request, url) {
      const renderer = await loadRenderer();
      if (!renderer) return null;
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
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<null>((resolve) => {
        timer = setTimeout(() => {
          request.log.warn({ url }, `page render took over ${RENDER_DEADLINE_MS} ms; served for the browser to render`);
          resolve(null);
        }, RENDER_DEADLINE_MS);
      });
      try {
        const page = await Promise.race([renderer.renderPage({ url, language, fetchApi }), deadline]);
        if (!page) return null;
        const manifest = loadManifest();
        const stylesheets = manifest ? [...new Set(page.modules.flatMap((module) => stylesheetsOf(manifest, module)))] : [];
        return { html: page.html, state: page.state, language, stylesheets };
      } catch (error) {
        request.log.warn({ err: error, url }, 'page render failed; served for the browser to render');
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** index.html with the rendered screen in #root, its data beside it and its stylesheets linked. */
export function withRenderedPage(html: string, page: ServerPage): string {
  const links = page.stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`).join('\n    ');
  // Replacements are functions: a car's description may hold "$&" or "$1", which a replacement string would expand.
  return html
    .replace(/<html lang="[^"]*"/i, () => `<html lang="${page.language}"`)
    .replace(/<\/head>/i, () => (links ? `  ${links}\n  </head>` : '</head>'))
    .replace(
      /<div id="root"><\/div>/i,
      () => `<div id="root">${page.html}</div>\n    <script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${page.state}</script>`,
    )
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/i, '');
}
