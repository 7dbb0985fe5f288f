import { useCallback } from 'react';
import { miniAppUrl } from '../../../domain/start-links.ts';
import { useHost } from '../host/index.ts';
import { useSite } from './api/get-site.ts';

/**
 * A link to one of the app's screens for sharing. Inside Telegram it opens the same screen in the
 * mini app (`?startapp=`, read back by app/start-link.ts), so the friend stays in Telegram; on the
 * web, or without a bot to name, it is the page's ordinary URL.
 */
export function useShareLink(): (path: string, startParam: string) => string {
  const { kind } = useHost();
  const botUsername = useSite().data?.botUsername ?? null;
  return useCallback(
    (path, startParam) =>
      kind === 'telegram' && botUsername ? miniAppUrl(botUsername, startParam) : new URL(path, window.location.origin).href,
    [kind, botUsername],
  );
}
