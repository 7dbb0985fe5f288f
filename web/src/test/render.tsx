import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createWebHost } from '../host/web-host.ts';
import type { Host } from '../host/types.ts';
import { createQueryClient } from '../lib/api-client.ts';
import { activateLanguage } from '../lib/i18n.ts';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial URL of the MemoryRouter (ignored when `router: false`). */
  route?: string;
  /** The host the screen runs in; the plain-web host by default. */
  host?: Host;
  /** Pass false when `ui` brings its own router (e.g. a RouterProvider with a memory router). */
  router?: boolean;
}

export type RenderWithProvidersResult = RenderResult & {
  queryClient: ReturnType<typeof createQueryClient>;
  store: ReturnType<typeof createStore>;
  host: Host;
};

/**
 * Renders like the app does: a fresh QueryClient without retries, English active, its own jotai
 * store, the given host, and a MemoryRouter at `route`.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}): RenderWithProvidersResult {
  const { route = '/', host = createWebHost(), router = true, ...rest } = options;
  void activateLanguage('en');
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, staleTime: Infinity },
    mutations: { retry: false },
  });
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders host={host} queryClient={queryClient} store={store}>
      {router ? <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter> : children}
    </AppProviders>
  );
  return { ...render(ui, { wrapper, ...rest }), queryClient, store, host };
}

/** A JSON answer with this status, as the API sends it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces fetch with a handler per "METHOD /path" (query string ignored unless the key has one).
 * A handler answers a Response, or any other value as a JSON body. Unmatched calls answer 404 so a
 * forgotten mock shows up as a visible error, not a hang.
 */
export function mockFetch(routes: Record<string, (request: { url: URL; body: unknown; headers: Headers }) => unknown>): {
  calls: Array<{ method: string; url: URL; body: unknown; headers: Headers }>;
  restore: () => void;
} {
  const original = globalThis.fetch;
  const calls: Array<{ method: string; url: URL; body: unknown; headers: Headers }> = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body, headers });
    const handler = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!handler) {
      return json(404, { error: { code: 'not_found', message: `unmocked ${method} ${url.pathname}` } });
    }
    const result = await handler({ url, body, headers });
    if (result instanceof Response) return result;
    return json(200, result);
  };
  return { calls, restore: () => void (globalThis.fetch = original) };
}
