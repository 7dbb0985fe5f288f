import { startLinkPath } from '../../../domain/start-links.ts';
import { getRawInitData } from '../host/init-data.ts';

const HANDLED_KEY = 'startParamHandled';

/**
 * Runs before the router starts: a start link replaces the launch entry, so Back never returns to
 * the launch URL. A reload of the same launch (same init data) keeps wherever the user went since.
 */
export function applyStartLink(startParam: string | null): void {
  const path = startLinkPath(startParam);
  if (!path) return;
  const launch = getRawInitData() ?? startParam ?? '';
  try {
    if (sessionStorage.getItem(HANDLED_KEY) === launch) return;
    sessionStorage.setItem(HANDLED_KEY, launch);
  } catch {
    // Without storage a reload may apply the link again; harmless.
  }
  window.history.replaceState(null, '', path);
}
