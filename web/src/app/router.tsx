import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import NotFoundPage from '../features/errors/not-found-page.tsx';
import RouteErrorPage from '../features/errors/route-error-page.tsx';
import { loadScreenCatalogues } from '../lib/i18n.ts';
import { RootLayout } from './root-layout.tsx';

function StartupFallback() {
  return <div className="startup-fallback" aria-busy="true" />;
}

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** A screen's code together with its own texts, so it never renders before they are there. */
const withTexts = async <M,>(code: Promise<M>, texts: Promise<void>): Promise<M> => (await Promise.all([code, texts]))[0];

// The wizard's layout and first step come in one chunk; each later step brings its own (applicationSteps).
const applicationModule = () => withTexts(import('../features/application/application-page.tsx'), loadScreenCatalogues('application'));
type ApplicationStep = keyof Awaited<ReturnType<typeof applicationModule>>['applicationSteps'];
const applicationStep = (step: ApplicationStep) => async () => ({ Component: await (await applicationModule()).applicationSteps[step]() });

/**
 * Marks a screen the server renders (docs/decisions/021-server-rendered-public-pages.md). `module`
 * is the screen's source as the build manifest names it, so the server links its stylesheet and
 * the page paints styled before any script runs; null for a screen in the entry chunk.
 */
export interface ServerRenderedHandle {
  serverRendered: { module: string | null };
}
const serverRendered = (module: string | null): ServerRenderedHandle => ({ serverRendered: { module } });

/** The server-rendered screen a route match ends in, if it is one. */
export function serverRenderedScreen(matches: readonly { route: RouteObject }[]): ServerRenderedHandle['serverRendered'] | null {
  const handle: unknown = matches.at(-1)?.route.handle;
  return typeof handle === 'object' && handle !== null && 'serverRendered' in handle
    ? (handle as ServerRenderedHandle).serverRendered
    : null;
}

/**
 * The whole route table. Home is in the entry chunk (it is the landing page); every other screen
 * is its own chunk, and the dashboard's never reaches a public visitor (docs/architecture.md).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      // Fallback for a failure in the layout itself; page failures are caught below, inside it.
      ErrorBoundary: RouteErrorPage,
      // Shown while the first screen's lazy chunk loads (a deep link such as /cars/…).
      HydrateFallback: StartupFallback,
      children: [
        {
          ErrorBoundary: RouteErrorPage,
          children: [
            {
              index: true,
              handle: serverRendered('src/features/home/home-page.tsx'),
              lazy: page(() => import('../features/home/home-page.tsx')),
            },
            {
              path: 'application',
              lazy: page(applicationModule),
              children: [
                // The first step paints from the server's HTML; the later ones need the tab's answers.
                {
                  index: true,
                  handle: serverRendered('src/features/application/application-page.tsx'),
                  lazy: applicationStep('intro'),
                },
                { path: 'personal', lazy: applicationStep('personal') },
                { path: 'housing', lazy: applicationStep('housing') },
                { path: 'income', lazy: applicationStep('income') },
                { path: 'license', lazy: applicationStep('license') },
                { path: 'review', lazy: applicationStep('review') },
              ],
            },
            {
              path: 'cars',
              handle: serverRendered('src/features/cars/cars-page.tsx'),
              lazy: page(() => import('../features/cars/cars-page.tsx')),
              // Not awaited: the list downloads alongside the page's code instead of after it. The
              // prefetch is its own small chunk, so the home page does not carry the list's parsing.
              loader: ({ request }) => {
                import('../features/cars/prefetch-cars.ts')
                  .then(({ prefetchCarList }) => prefetchCarList(queryClient, request.url))
                  .catch(() => {});
                return null;
              },
            },
            {
              path: 'cars/:uuid',
              handle: serverRendered('src/features/cars/car-details-page.tsx'),
              lazy: page(() => import('../features/cars/car-details-page.tsx')),
            },
            { path: 'cars/:uuid/visit', lazy: page(() => import('../features/visits/book-visit-page.tsx')) },
            { path: 'trade-in', lazy: page(() => import('../features/trade-in/trade-in-page.tsx')) },
            { path: 'visits', lazy: page(() => import('../features/visits/my-visits-page.tsx')) },
            { path: 'visits/:id', lazy: page(() => import('../features/visits/visit-page.tsx')) },
            { path: 'favorites', lazy: page(() => import('../features/cars/favorites-page.tsx')) },
            { path: 'privacy', lazy: page(() => import('../features/legal/privacy-page.tsx')) },
            { path: 'terms', lazy: page(() => import('../features/legal/terms-page.tsx')) },
            { path: 'auth/link', lazy: page(() => import('../features/auth/auth-link-page.tsx')) },
            // Staff screens reuse the wizard's field labels and messages.
            {
              path: 'dashboard/*',
              lazy: page(() => withTexts(import('./dashboard/dashboard-page.tsx'), loadScreenCatalogues('application', 'dashboard'))),
            },
            { path: '*', handle: serverRendered(null), Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

/**
 * The browser's router. The screens the URL shows are loaded before the first render, and over a
 * server-rendered page the server's loader data given, so the first frame is the screen itself (or
 * the server's markup), never the empty loading fallback: a deep link (a car, the application's
 * status, a dashboard page, a Telegram start parameter) draws its page, or its page's own loading
 * state, at once. A chunk that fails to load is left to the router, which tries again and shows
 * the error screen.
 */
export async function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  const routes = createRoutes(queryClient);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        Object.assign(route, await route.lazy(), { lazy: undefined });
      } catch {
        // The router's own lazy load tries once more and shows the route's error screen.
      }
    }),
  );
  const router = createBrowserRouter(routes, { hydrationData });
  // Loaders (the catalogue's prefetch) start at once and settle in a moment: the first render waits for them too.
  if (!router.state.initialized)
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  return router;
}
