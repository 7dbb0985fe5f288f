import { getRawInitData } from '../host/init-data.ts';

const HANDLED_KEY = 'startParamHandled';
const CAR_PARAM = /^car_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Where a Telegram start parameter leads (spec §2), or null for none/unknown values. */
export function startLinkPath(startParam: string | null | undefined): string | null {
  if (!startParam) return null;
  if (startParam === 'application') return '/application';
  const car = CAR_PARAM.exec(startParam);
  return car ? `/cars/${car[1]!.toLowerCase()}` : null;
}

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
