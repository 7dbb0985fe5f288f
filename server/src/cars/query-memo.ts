/**
 * Parsed query strings, so that each distinct one is validated once per process rather than on
 * every request: shoppers and link previews ask for the same few filter combinations over and over.
 * Only successful parses are kept (a bad one throws, as without the memo); the oldest entry makes
 * way at `maxEntries`, and long keys are never kept, so arbitrary URLs cannot grow it. Results are
 * shared between requests, hence frozen.
 */
export function createQueryMemo<T extends object>(parse: (query: unknown) => T, { maxEntries = 1_000, maxKeyLength = 512 } = {}) {
  const parsed = new Map<string, Readonly<T>>();
  return (key: string, query: unknown): Readonly<T> => {
    const known = parsed.get(key);
    if (known) return known;
    const value = Object.freeze(parse(query));
    if (key.length <= maxKeyLength) {
      if (parsed.size >= maxEntries) parsed.delete(parsed.keys().next().value!);
      parsed.set(key, value);
    }
    return value;
  };
}
