import { AsyncLocalStorage } from 'node:async_hooks';
import type { Query, QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { StrictMode, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import type { PageRenderer, PageRenderRequest, RenderedPage } from '../../domain/contracts/page-render.ts';
import { AppProviders } from './app/providers.tsx';
import { createRoutes, serverRenderedScreen } from './app/router.tsx';
import { serializeServerState } from './app/server-state-writer.ts';
import { createWebHost } from './host/web-host.ts';
import { createQueryClient, setApiTransport } from './lib/api-client.ts';
import { i18n, loadEveryPageText } from './lib/i18n.ts';
import { largestImage } from './largest-image.ts';

/**
 * The server's half of the public pages (docs/decisions/021-server-rendered-public-pages.md): the
 * same routes and screens as the browser, rendered to HTML with the API answers they read. Built
 * by Vite into web/dist-ssr/ and imported by the server (server/src/site/page-render.ts).
 */

// Each render's API calls go to its own visitor: concurrent renders never share an answer.
const visitorApi = new AsyncLocalStorage<PageRenderRequest['fetchApi']>();
setApiTransport((path) => {
  const fetchApi = visitorApi.getStore();
  if (!fetchApi) return Promise.reject(new Error(`API call outside a page render: ${path}`));
  return fetchApi(path);
});

await loadEveryPageText();

/** A screen reads a query the render has not fetched yet: the next pass will have it. */
function waitingQueries(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      // An observer's options (useQuery's `enabled` among them) are the query's own once it has built it.
      const { enabled } = query.options as { enabled?: unknown };
      const on = typeof enabled === 'function' ? (enabled as (query: Query) => boolean)(query) : enabled !== false;
      return on && query.state.status === 'pending';
    });
}

/**
 * The streamed render runs in a task of its own, where another visitor's render may have switched
 * the language since: it switches back as the tree starts rendering, and the tree (its data all
 * there, nothing suspends) renders to the end in that one task.
 */
function InLanguage({ language, children }: { language: PageRenderRequest['language']; children: ReactNode }) {
  i18n.activate(language);
  return children;
}

/**
 * Screens ask for their data as they render, and a car page asks for similar cars only once it
 * knows the car is sold, so the page is rendered until it asks for nothing new (a few passes at
 * most); the last pass is the markup sent.
 */
const MAX_PASSES = 4;

async function renderScreens(render: () => Promise<string>, queryClient: QueryClient): Promise<string> {
  let html = await render();
  for (let pass = 1; pass < MAX_PASSES; pass += 1) {
    const waiting = waitingQueries(queryClient);
    if (waiting.length === 0) break;
    // A failed answer is the screen's to show (a car that is not there): the render goes on.
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    html = await render();
  }
  return html;
}

/**
 * One pass with React's streaming renderer, read to its end: it resolves once the whole markup is
 * ready, so React writes no inline script the Content-Security-Policy would refuse, and an error
 * anywhere fails the page (served for the browser to render) rather than leaving a boundary for
 * the client to finish.
 */
async function renderMarkup(tree: ReactNode): Promise<string> {
  let failure: { error: unknown } | undefined;
  const stream = await renderToReadableStream(tree, {
    onError: (error) => void (failure ??= { error }),
    // React outlines a boundary larger than this even when it is ready, to be moved in by an
    // inline script that the CSP blocks: every boundary stays in place, as without JavaScript.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  await stream.allReady;
  if (failure) {
    await stream.cancel();
    throw failure.error;
  }
  return new Response(stream).text();
}

/** The route table's answer for a path: its screen when the server renders it. */
function screenOf(routes: ReturnType<typeof createRoutes>, location: URL) {
  return serverRenderedScreen(matchRoutes(routes, location.pathname) ?? []);
}

export const renderer: PageRenderer = {
  screenModules(url) {
    const screen = screenOf(createRoutes(createQueryClient({ retry: false })), new URL(url, 'http://localhost'));
    if (!screen) return null;
    return screen.module ? [screen.module] : [];
  },

  async renderPage({ url, language, fetchApi }: PageRenderRequest): Promise<RenderedPage | null> {
    const queryClient = createQueryClient({ retry: false });
    const routes = createRoutes(queryClient);
    const location = new URL(url, 'http://localhost');
    if (!screenOf(routes, location)) return null;

    return visitorApi.run(fetchApi, async () => {
      const handler = createStaticHandler(routes);
      const context: StaticHandlerContext | Response = await handler.query(new Request(location.href));
      // A redirect or a failed loader: the browser's own render handles it as it always has.
      if (context instanceof Response || context.errors) return null;
      // The handler's routes, whose screens it has loaded.
      const router = createStaticRouter(handler.dataRoutes, context);
      const store = createStore();
      const host = createWebHost();
      const tree = (
        <StrictMode>
          <InLanguage language={language}>
            <AppProviders host={host} queryClient={queryClient} store={store}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </InLanguage>
        </StrictMode>
      );
      const html = await renderScreens(() => renderMarkup(tree), queryClient);
      return {
        state: serializeServerState(queryClient, language, { loaderData: context.loaderData, actionData: context.actionData }),
        largestImage: largestImage(html),
        // Sent once the head has left (server/src/site/page-render.ts).
        markup: () => Promise.resolve(new Blob([html]).stream()),
      };
    });
  },
};
