import { TAB_PATHS, type TabId } from './tabs.ts';

/**
 * Where the user left each tab: its screen's URL (the catalogue keeps its filters) and how far
 * it was scrolled. Lives for the launch, as in native tab bars.
 */
const left = new Map<TabId, { href: string; scrollY: number }>();

export function rememberTab(tab: TabId, href: string, scrollY: number): void {
  left.set(tab, { href, scrollY });
}

export function tabDestination(tab: TabId): { href: string; scrollY: number } {
  return left.get(tab) ?? { href: TAB_PATHS[tab], scrollY: 0 };
}

/** Router state that asks the ScrollManager to return to a position instead of the top. */
export interface RestoreScrollState {
  restoreScrollY: number;
}

export function restoreScrollOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('restoreScrollY' in state)) return null;
  const y = (state as RestoreScrollState).restoreScrollY;
  return typeof y === 'number' && Number.isFinite(y) ? y : null;
}
