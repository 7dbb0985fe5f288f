/**
 * Short-lived memo of list totals per filter combination. Counting ~100k matching rows costs
 * more than fetching a page of 20, and shoppers page through the same filters repeatedly, so a
 * total may lag the inventory by up to `ttlMs` (plus one refresh); the rows themselves are always
 * read fresh. Concurrent requests share one count, and an expired total keeps being served while
 * a single refresh runs, so an expiry never sends a burst of identical counts to the database.
 * It is per-process derived data, never the only copy of anything.
 */
interface Entry {
  total?: number;
  expires: number;
  refreshing?: Promise<number>;
}

export function createCountCache({ ttlMs = 5_000, maxEntries = 2_000, now = Date.now } = {}) {
  const entries = new Map<string, Entry>();

  function refresh(key: string, entry: Entry, count: () => Promise<number>): Promise<number> {
    entry.refreshing ??= count().then(
      (total) => {
        entry.total = total;
        entry.expires = now() + ttlMs;
        entry.refreshing = undefined;
        return total;
      },
      (error: unknown) => {
        entry.refreshing = undefined;
        if (entry.total === undefined) entries.delete(key);
        throw error;
      },
    );
    return entry.refreshing;
  }

  return {
    async get(key: string, count: () => Promise<number>): Promise<number> {
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entry = { expires: 0 };
        entries.set(key, entry);
      }
      if (entry.total !== undefined && entry.expires > now()) return entry.total;
      const refreshed = refresh(key, entry, count);
      if (entry.total !== undefined) {
        // Stale while revalidating; the refresh's failure is the next caller's to see.
        refreshed.catch(() => {});
        return entry.total;
      }
      return refreshed;
    },
    clear() {
      entries.clear();
    },
  };
}
export type CountCache = ReturnType<typeof createCountCache>;
