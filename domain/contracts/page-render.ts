import type { Language } from '../enums.ts';

/**
 * What the server and the web app's server bundle (web/src/entry-server.tsx, built to
 * web/dist-ssr/) say to each other when a public page is rendered on the server
 * (docs/decisions/021-server-rendered-public-pages.md). The server imports the bundle at run time,
 * so this is the only type both sides share.
 */
export interface PageRenderRequest {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  language: Language;
  /** The page's API calls, answered in this process as the visitor (their cookies) would be answered. */
  fetchApi: (path: string) => Promise<Response>;
}

/**
 * The picture a page paints largest (the first eager photo of its markup), as its <img> or <picture>
 * source offers it, for a preload in the head that the browser reuses for the <img>. Values are
 * plain text, as the markup's attributes decode to.
 */
export interface PreloadImage {
  /** The <img>'s src, or null when a <picture> source (srcset only) is what the browser picks. */
  href: string | null;
  srcset: string | null;
  sizes: string | null;
  /** The <picture> source's type (image/webp): a browser that cannot show it skips the preload. */
  type: string | null;
}

export interface RenderedPage {
  /** The data the page was rendered with, as JSON, for the client to hydrate without fetching again. */
  state: string;
  /** The page's largest picture, or null when the page shows none. */
  largestImage: PreloadImage | null;
  /**
   * The markup inside <div id="root">, from the last pass of React's streaming renderer, read whole
   * (no pending boundary, so React writes no inline script the Content-Security-Policy would
   * refuse). It rejects when the render fails.
   */
  markup(): Promise<ReadableStream<Uint8Array>>;
}

export interface PageRenderer {
  /**
   * The build-manifest keys (source paths) of the lazy screens a path shows, whose stylesheets its
   * head carries, read from the route table alone so the head can leave before the render; null for
   * a path that is not rendered on the server (the dashboard, the wizard): the client renders it.
   */
  screenModules(url: string): string[] | null;
  /** null when the page turns out to be the browser's to render after all (a redirect, a failed loader). */
  renderPage(request: PageRenderRequest): Promise<RenderedPage | null>;
}

/** The id of the non-executable <script type="application/json"> that carries RenderedPage.state. */
export const SERVER_STATE_ELEMENT_ID = 'server-state';

/** The key in the web build's manifest of the script that loads the app after a server-rendered page's first paint (web/build/boot-script.ts). */
export const BOOT_SCRIPT_MANIFEST_KEY = 'boot.js';
