import { createHook } from 'node:async_hooks';
import { afterAll, beforeAll } from 'vitest';

/**
 * Fails a test file that leaves a timer, socket, server or child process holding the event loop
 * once its tests and hooks are done: in a worker shared by many files (isolate: false) such a
 * leftover would fire, or hold a port, during the next file. Unreferenced handles (`unref()`) do
 * not count, as they cannot keep the process alive; neither does what was open before the file began.
 *
 * Timers are followed one by one from their creation: counting them by type missed a timer left
 * running when another, older one happened to end at the same time. Other handles are counted.
 */
const SETTLE_MS = 2_000;

interface Timer {
  hasRef(): boolean;
}

interface PendingTimer {
  timer: Timer;
  /** Where it was set, to name it when it leaks. */
  origin: Error;
}

interface TimerWatch {
  /** The file's own timers not yet fired or cleared (async_hooks destroys a Timeout on either). */
  pending: Map<number, PendingTimer>;
  /** Off once the file's hooks are done: the settle loop's own timers are not the file's. */
  recording: boolean;
}

// A worker runs this setup file again for every test file; one hook serves them all.
const WATCH = Symbol.for('car-credit.leak-check.timers');
const watch: TimerWatch = ((globalThis as Record<symbol, TimerWatch | undefined>)[WATCH] ??= (() => {
  const created: TimerWatch = { pending: new Map(), recording: false };
  createHook({
    init(asyncId, type, _trigger, resource) {
      if (created.recording && type === 'Timeout')
        created.pending.set(asyncId, { timer: resource as Timer, origin: new Error('set here') });
    },
    destroy(asyncId) {
      created.pending.delete(asyncId);
    },
  }).enable();
  return created;
})());

const openHandles = () => {
  const counts = new Map<string, number>();
  for (const type of process.getActiveResourcesInfo()) if (type !== 'Timeout') counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
};

/** The first frames of a timer's origin outside Node.js and this file. */
const where = (origin: Error) =>
  (origin.stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().replace(/^at /, ''))
    .filter((line) => !line.includes('(node:') && !line.includes('leak-check.ts'))
    .slice(0, 3)
    .join(' ← ');

/**
 * PGlite emulates PostgreSQL's own interval timer (statement and idle timeouts) with setTimeout
 * inside its WebAssembly; that timer belongs to the database engine, which re-arms it at its next
 * query, and calls no test code.
 */
const isDatabaseEngineTimer = (origin: Error) => origin.stack?.includes('@electric-sql/pglite') ?? false;

const leftOver = (before: Map<string, number>) => {
  const timers = [...watch.pending.values()].filter(({ timer, origin }) => timer.hasRef() && !isDatabaseEngineTimer(origin));
  return [
    ...timers.map(({ origin }) => `a timer set at ${where(origin) || 'an unknown place'}`),
    ...[...openHandles()]
      .filter(([type, count]) => count > (before.get(type) ?? 0))
      .map(([type, count]) => `${type} × ${count - (before.get(type) ?? 0)}`),
  ];
};

let before = new Map<string, number>();
beforeAll(() => {
  before = openHandles();
  watch.pending.clear();
  watch.recording = true;
});

// Registered before the file's own hooks, so (hooks run as a stack) it runs after all of them.
afterAll(async () => {
  watch.recording = false;
  const deadline = Date.now() + SETTLE_MS;
  // Sockets and child processes a suite closed may need a few turns of the event loop to go, and a
  // timer about to fire is let fire; one that outlives the wait is a leak.
  while (leftOver(before).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const leaks = leftOver(before);
  watch.pending.clear();
  if (leaks.length > 0) throw new Error(`Still open after the file's tests ended: ${leaks.join(', ')}`);
});
