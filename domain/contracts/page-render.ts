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

export interface RenderedPage {
  /** The markup inside <div id="root">. */
  html: string;
  /** The data the page was rendered with, as JSON, for the client to hydrate without fetching again. */
  state: string;
  /** Build-manifest keys (source paths) of the lazy screens the page shows, whose stylesheets it needs. */
  modules: string[];
}

export interface PageRenderer {
  /** null for a path that is not rendered on the server (the dashboard, the wizard): the client renders it. */
  renderPage(request: PageRenderRequest): Promise<RenderedPage | null>;
}

/** The id of the non-executable <script type="application/json"> that carries RenderedPage.state. */
export const SERVER_STATE_ELEMENT_ID = 'server-state';
