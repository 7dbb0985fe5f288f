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

// telegram-ui's ripple starts a 70 ms timer on press that unmounting does not clear, and that timer
// starts a 225 ms one; let both run out before the file's jsdom window is torn down, or they fire
// into a window that no longer exists. Waits while the file has more timers pending than it began
// with (none, mostly, so no wait), for at most the two timers' time with room for a busy machine.
const pendingTimers = () => process.getActiveResourcesInfo().filter((type) => type === 'Timeout').length;
let timersBefore = 0;
beforeAll(() => {
  timersBefore = pendingTimers();
});
afterAll(async () => {
  const deadline = Date.now() + 600;
  while (pendingTimers() > timersBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
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
