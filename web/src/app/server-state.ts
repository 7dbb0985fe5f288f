import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { SERVER_STATE_ELEMENT_ID } from '../../../domain/contracts/page-render.ts';
import { isLanguage, type Language } from '../../../domain/enums.ts';
import { fromWireApiError, type WireApiError } from '../lib/api-client.ts';

/**
 * What a server-rendered page hands the browser so it hydrates the same markup without asking
 * again (docs/decisions/021-server-rendered-public-pages.md): the language it was rendered in, the
 * API answers its screens read, and the router's loader data.
 */
export interface ServerState {
  language: Language;
  queries: DehydratedState;
  router: Pick<HydrationState, 'loaderData' | 'actionData'>;
}

const isWireApiError = (value: unknown): value is WireApiError =>
  typeof value === 'object' && value !== null && 'status' in value && 'code' in value && 'message' in value;

/** The state the server rendered this page with, or null when it rendered none (or it cannot be read). */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as Partial<ServerState>;
    if (!isLanguage(state.language) || !Array.isArray(state.queries?.queries) || typeof state.router !== 'object') return null;
    return state as ServerState;
  } catch {
    return null;
  }
}

/** Puts the server's answers into the client's cache, failed ones as the ApiError the screens expect. */
export function hydrateQueries(queryClient: QueryClient, { queries }: ServerState): void {
  hydrate(queryClient, {
    ...queries,
    queries: queries.queries.map((query) => {
      const error: unknown = query.state.error;
      return isWireApiError(error) ? { ...query, state: { ...query.state, error: fromWireApiError(error) } } : query;
    }),
  });
}
