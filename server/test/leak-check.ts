import { afterAll, beforeAll } from 'vitest';

/**
 * Fails a test file that leaves a timer, socket, server or child process holding the event loop
 * once its tests and hooks are done: in a worker shared by many files (isolate: false) such a
 * leftover would fire, or hold a port, during the next file. Unreferenced handles (`unref()`) do
 * not count, as they cannot keep the process alive; neither does what was open before the file began.
 */
const SETTLE_MS = 2_000;

const openResources = () => {
  const counts = new Map<string, number>();
  for (const type of process.getActiveResourcesInfo()) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
};

const leftOver = (before: Map<string, number>) =>
  [...openResources()]
    .filter(([type, count]) => count > (before.get(type) ?? 0))
    .map(([type, count]) => `${type} × ${count - (before.get(type) ?? 0)}`);

let before = new Map<string, number>();
beforeAll(() => {
  before = openResources();
});

// Registered before the file's own hooks, so (hooks run as a stack) it runs after all of them.
afterAll(async () => {
  const deadline = Date.now() + SETTLE_MS;
  // Sockets and child processes a suite closed may need a few turns of the event loop to go.
  while (leftOver(before).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const leaks = leftOver(before);
  if (leaks.length > 0) throw new Error(`Still open after the file's tests ended: ${leaks.join(', ')}`);
});
