/** The Telegram shell's tab bar: its screens and which screen sits under which tab. */

export type TabId = 'home' | 'cars' | 'favorites' | 'application';

export const TAB_PATHS: Record<TabId, string> = {
  home: '/',
  cars: '/cars',
  favorites: '/favorites',
  application: '/application',
};

/** The tab whose top screen this path is, or null for a deeper screen (a car, a wizard step). */
export function tabRootOf(pathname: string): TabId | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [tab, root] of Object.entries(TAB_PATHS) as Array<[TabId, string]>) {
    if (path === root) return tab;
  }
  return null;
}

/**
 * Where Back leads from a screen opened directly (a shared link, a start parameter), when the
 * app has no history of its own: one level up, so a shared car returns to the catalogue.
 */
export function parentPath(pathname: string): string {
  if (/^\/cars\/[^/]+\/?$/.test(pathname)) return TAB_PATHS.cars;
  // A booking screen opened directly goes back to its car.
  const booking = /^(\/cars\/[^/]+)\/visit\/?$/.exec(pathname);
  if (booking) return booking[1]!;
  if (pathname.startsWith('/application/')) return TAB_PATHS.application;
  return TAB_PATHS.home;
}
