import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { Language } from '../../../domain/enums.ts';
import { ApiError, toWireApiError } from '../lib/api-client.ts';
import type { ServerState } from './server-state.ts';

/*
 * The server's half of server-state.ts, apart so that the browser's first load carries only the
 * reading half.
 */

type WireQuery = DehydratedState['queries'][number];

/**
 * The page's state as JSON that is safe inside <script type="application/json">: no `<` can
 * close the element, whatever a car's description says. A failed answer (a car that is not there)
 * travels too, so the client shows the same "not found" the server did.
 */
export function serializeServerState(queryClient: QueryClient, language: Language, router: ServerState['router']): string {
  const { queries, mutations } = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  const wireQueries = queries.map((query): WireQuery => ({
    ...query,
    state: {
      ...query.state,
      error: query.state.error instanceof ApiError ? (toWireApiError(query.state.error) as unknown as Error) : null,
      fetchFailureReason: null,
    },
  }));
  const state: ServerState = { language, queries: { queries: wireQueries, mutations }, router };
  return JSON.stringify(state).replace(/</g, '\\u003c');
}
