import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/api/get-me.ts';

/**
 * Whether the server knows this visitor (a Telegram user, or a guest who saved something). A
 * visitor it does not know has no draft and no application, so those are not asked for: a 404 a
 * first-time visitor could not avoid would only be noise in the console. Always asked afresh,
 * because an upload or a draft save turns a stranger into a guest.
 */
export async function isKnownVisitor(client: QueryClient): Promise<boolean> {
  const me = await client.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
  return me.user !== null;
}
