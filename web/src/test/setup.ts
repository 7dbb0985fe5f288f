import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi, type MockInstance } from 'vitest';
import { loadScreenCatalogues } from '../lib/i18n.ts';

// A lazily loaded screen is compiled on its first render, which takes seconds on a busy two-core
// machine; findBy* waits up to 5 s for it instead of 1 s (a screen that never comes still fails).
configure({ asyncUtilTimeout: 5_000 });

// The router loads the wizard's and the dashboard's texts with their code; screens tested alone get them here.
beforeAll(() => loadScreenCatalogues('application', 'dashboard'));

// An unexpected console error (a React warning, a failed prop type, invalid nesting) fails the test.
let consoleErrors: unknown[][] = [];
let consoleSpy: MockInstance<typeof console.error> | undefined;
beforeEach(() => {
  consoleErrors = [];
  consoleSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  const errors = consoleErrors;
  consoleSpy?.mockRestore();
  if (errors.length > 0) throw new Error(`Unexpected console.error: ${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // The Telegram SDK keeps its launch parameters in sessionStorage for the whole "launch".
  for (const key of Object.keys(sessionStorage)) if (!key.startsWith('tapps/')) sessionStorage.removeItem(key);
  document.documentElement.style.scrollBehavior = '';
});

// A component may leave a timer behind that unmounting does not clear (telegram-ui's ripple starts a
// 70 ms one on press, which starts a 225 ms one). Once the file's tests are done its jsdom window is
// torn down, and such a timer would fire into a window that no longer exists. Every timer the file
// starts is tracked, and whatever is still pending when its tests are done is cleared.
const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
const nodeSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = Object.assign((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const timer = nodeSetTimeout(
    (...callbackArgs: unknown[]) => {
      pendingTimers.delete(timer);
      callback(...callbackArgs);
    },
    ms,
    ...args,
  );
  pendingTimers.add(timer);
  return timer;
}, nodeSetTimeout) as typeof setTimeout;
afterAll(() => {
  for (const timer of pendingTimers) clearTimeout(timer);
  pendingTimers.clear();
});

// jsdom lacks these; components and the host layer use them.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// jsdom's scrollTo only reports "not implemented".
window.scrollTo = () => {};
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}
