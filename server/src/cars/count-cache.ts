/**
 * Short-lived memo of list totals per filter combination. Counting ~100k matching rows costs
 * more than fetching a page of 20, and shoppers page through the same filters repeatedly, so a
 * total may lag the inventory by up to `ttlMs`; the rows themselves are always read fresh. It is
 * per-process derived data, never the only copy of anything.
 */
export function createCountCache({ ttlMs = 5_000, maxEntries = 2_000, now = Date.now } = {}) {
  const entries = new Map<string, { total: number; expires: number }>();
  return {
    async get(key: string, count: () => Promise<number>): Promise<number> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.total;
      const total = await count();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { total, expires: now() + ttlMs });
      return total;
    },
    clear() {
      entries.clear();
    },
  };
}
export type CountCache = ReturnType<typeof createCountCache>;
