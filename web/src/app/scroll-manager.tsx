import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { SCROLL_BEHAVIOR_OVERRIDE_MS } from '../../../domain/constants.ts';
import { restoreScrollOf } from './tab-memory.ts';

export { SCROLL_BEHAVIOR_OVERRIDE_MS };

/** How long an anchor jump keeps following late content (lazy chunks, data arriving above it). */
const ANCHOR_SETTLE_MS = 2000;
/** However long the page keeps changing, a return to a remembered position ends by then. */
const RETURN_LIMIT_MS = 10_000;

function findAnchor(hash: string): HTMLElement | null {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape is just an id that matches nothing.
  }
  return id ? document.getElementById(id) : null;
}

/**
 * Jumps without the smooth-scroll animation: `scroll-behavior: auto` on <html> until 50 ms after
 * the latest jump, then whatever was there before.
 */
function createInstantScroller() {
  const root = document.documentElement;
  const original = root.style.scrollBehavior;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    jump(scroll: () => void) {
      root.style.scrollBehavior = 'auto';
      scroll();
      clearTimeout(timer);
      timer = setTimeout(() => {
        root.style.scrollBehavior = original;
      }, SCROLL_BEHAVIOR_OVERRIDE_MS);
    },
    dispose() {
      clearTimeout(timer);
      root.style.scrollBehavior = original;
    },
  };
}

/**
 * Keeps an anchor in view while the page is still settling: the target may appear late, and
 * content loading above it pushes it down. Stops at the first sign of the user scrolling.
 */
function followAnchor(hash: string): () => void {
  const scroller = createInstantScroller();
  const cleanups: Array<() => void> = [() => scroller.dispose()];
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  // Where the target sat in the viewport after the last jump; it moving means the page shifted.
  let settledTop: number | null = null;
  const jump = () => {
    const target = findAnchor(hash);
    if (!target) return;
    const top = Math.round(target.getBoundingClientRect().top);
    // A target near the end stops short when the page cannot scroll that far yet; content added
    // below it (the page button) makes room without moving it.
    const roomBelow = window.scrollY < document.documentElement.scrollHeight - window.innerHeight - 1;
    if (settledTop !== null && top === settledTop && !(top > 1 && roomBelow)) return;
    scroller.jump(() => target.scrollIntoView({ block: 'start' }));
    settledTop = Math.round(target.getBoundingClientRect().top);
  };
  jump();

  const observer = new MutationObserver(jump);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  cleanups.push(() => observer.disconnect());
  const userScroll = () => stop();
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
    window.addEventListener(type, userScroll, { passive: true, once: true });
    cleanups.push(() => window.removeEventListener(type, userScroll));
  }
  // Stop following after a while, but let the last jump's 50 ms override run out by itself.
  const timer = setTimeout(() => {
    cleanups.shift();
    stop();
  }, ANCHOR_SETTLE_MS);
  cleanups.push(() => clearTimeout(timer));
  return () => {
    stop();
    scroller.dispose();
  };
}

/**
 * Returns to a remembered position. The screen's content may still be arriving (a lazy chunk,
 * cached data rendering), so it tries again each frame until the page is tall enough. It gives up
 * only once the page has stopped changing for a moment, so a slow phone whose content arrives late
 * still lands where the user left.
 */
function returnTo(y: number): () => void {
  const scroller = createInstantScroller();
  const limit = performance.now() + RETURN_LIMIT_MS;
  let deadline = performance.now() + ANCHOR_SETTLE_MS;
  let frame = 0;
  let stopped = false;
  const attempt = () => {
    frame = 0;
    scroller.jump(() => window.scrollTo(0, y));
    if (Math.abs(window.scrollY - y) > 1 && performance.now() < deadline) frame = requestAnimationFrame(attempt);
  };
  const observer = new MutationObserver(() => {
    deadline = Math.min(limit, performance.now() + ANCHOR_SETTLE_MS);
    if (!stopped && frame === 0 && Math.abs(window.scrollY - y) > 1) frame = requestAnimationFrame(attempt);
  });
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const stop = () => {
    stopped = true;
    cancelAnimationFrame(frame);
    observer.disconnect();
    for (const type of inputs) window.removeEventListener(type, stop);
  };
  attempt();
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  // The user scrolling takes over at once.
  for (const type of inputs) window.addEventListener(type, stop, { passive: true, once: true });
  return () => {
    stop();
    scroller.dispose();
  };
}

/**
 * Where each visited history entry was scrolled to, so Back returns to the same place. Kept for
 * the tab in sessionStorage when the page goes away, so a reload (whose entry keeps its key)
 * returns there too; the browser's own restoration is off (see ScrollManager).
 */
const savedPositions = new Map<string, number>();
const STORED_POSITIONS = 'scrollPositions';
/** Enough for a long visit's Back button; older entries are forgotten first. */
const MAX_STORED_POSITIONS = 50;

function rememberPosition(key: string, y: number): void {
  // Re-inserting keeps the map in visiting order, so the oldest entries are the ones dropped.
  savedPositions.delete(key);
  savedPositions.set(key, y);
}

function readStoredPositions(): void {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORED_POSITIONS) ?? '[]');
    if (!Array.isArray(stored)) return;
    for (const entry of stored as unknown[]) {
      if (!Array.isArray(entry)) continue;
      const [key, y] = entry as unknown[];
      if (typeof key === 'string' && typeof y === 'number' && Number.isFinite(y) && !savedPositions.has(key)) savedPositions.set(key, y);
    }
  } catch {
    // Storage blocked or its value unreadable: positions then last as long as the page.
  }
}

function storePositions(): void {
  try {
    sessionStorage.setItem(STORED_POSITIONS, JSON.stringify([...savedPositions].slice(-MAX_STORED_POSITIONS)));
  } catch {
    // Storage blocked or full: a reload then starts at the top, as it would anyway.
  }
}

/**
 * docs/product/screens.md#screens-and-routes: the page scrolls to the top when the path or hash changes, unless a hash is present;
 * then it scrolls to that anchor. Going back or forward (a history "pop") returns to where that
 * entry was left instead, as browsers do for ordinary pages: back from a car to the list lands on
 * the card the shopper came from.
 */
export function ScrollManager() {
  const location = useLocation();
  const { pathname, hash, key } = location;
  const navigationType = useNavigationType();
  // Following the same anchor link again jumps again; query changes (filters) never scroll.
  const anchorVisit = hash ? key : null;
  // A pop to an entry is a new visit even when path and hash repeat (list → car → back to list).
  const poppedTo = navigationType === NavigationType.Pop ? key : null;
  // A tab of the Telegram shell opens where the user left it (tab-memory.ts).
  const restoreY = restoreScrollOf(location.state as unknown);
  const restoreVisit = restoreY === null ? null : key;
  const currentKey = useRef(key);
  // Layout phase: the key must match the committed page before any scroll event it causes is saved.
  useLayoutEffect(() => {
    currentKey.current = key;
  }, [key]);

  // Read at commit, before any scroll event of the new page: a returning page that renders short
  // for a moment is clamped and scrolls, and must not overwrite the place it is returning to.
  const returningTo = useRef<number | undefined>(undefined);
  // Before the first position is read: the page may be a reload of an entry the tab remembers.
  useLayoutEffect(readStoredPositions, []);
  useLayoutEffect(() => {
    returningTo.current = poppedTo === null ? undefined : savedPositions.get(poppedTo);
  }, [poppedTo]);

  useEffect(() => {
    // The browser's own restoration would jump (smoothly, with scroll-behavior) on the previous
    // page before the returning one has rendered, and spoil what was saved for it.
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    // Saved at once rather than on the next frame: by then another page may be on screen.
    const remember = () => rememberPosition(currentKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', storePositions);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', storePositions);
      window.history.scrollRestoration = before;
    };
  }, []);

  useEffect(() => {
    const saved = returningTo.current ?? restoreY ?? undefined;
    if (saved !== undefined && saved > 0) return returnTo(saved);
    if (saved !== undefined || !hash) {
      const scroller = createInstantScroller();
      scroller.jump(() => window.scrollTo(0, 0));
      return () => scroller.dispose();
    }
    return followAnchor(hash);
    // restoreY is read only for the visit that carried it (restoreVisit).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, hash, anchorVisit, poppedTo, restoreVisit]);

  return null;
}
