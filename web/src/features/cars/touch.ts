import { useSyncExternalStore } from 'react';

/** A touch screen without a mouse: there one taps; elsewhere one clicks. */
const TOUCH_ONLY = '(hover: none) and (pointer: coarse)';

function touchQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_ONLY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = touchQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the main pointer is a finger, so a hint can say "tap" rather than "click". */
export function useTouchOnly(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => touchQuery()?.matches ?? false,
    () => false,
  );
}
