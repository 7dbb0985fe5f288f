/**
 * The album sends a feature puts off until the rest of an album can have arrived: each runs once
 * its window has passed. close() cancels those still waiting (their parts stay in the database for
 * the next sweep). settled() resolves once every send put off so far has run or been cancelled: a
 * test learns from it that no further send is coming, rather than waiting out the window.
 */
export interface AlbumSends {
  /** Runs `send` after `ms`; `send` reports its own failure and never rejects. */
  after(ms: number, send: () => Promise<void>): void;
  settled(): Promise<void>;
  close(): void;
}

export function albumSends(): AlbumSends {
  const waiting = new Map<NodeJS.Timeout, () => void>();
  const pending = new Set<Promise<void>>();
  return {
    after(ms, send) {
      const done = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(timer);
          void send().finally(resolve);
        }, ms);
        waiting.set(timer, resolve);
      });
      pending.add(done);
      void done.then(() => pending.delete(done));
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
    close() {
      for (const [timer, cancel] of waiting) {
        clearTimeout(timer);
        cancel();
      }
      waiting.clear();
    },
  };
}
