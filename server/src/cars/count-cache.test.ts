import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache.ts';

describe('list total memo', () => {
  it('counts once per filter combination while fresh', async () => {
    let clock = 0;
    const cache = createCountCache({ ttlMs: 1000, now: () => clock });
    let calls = 0;
    const count = async () => ++calls * 10;
    expect(await cache.get('a', count)).toBe(10);
    clock = 999;
    expect(await cache.get('a', count)).toBe(10);
    expect(calls).toBe(1);
  });

  it('counts again once the entry is older than its lifetime', async () => {
    let clock = 0;
    const cache = createCountCache({ ttlMs: 1000, now: () => clock });
    let calls = 0;
    await cache.get('a', async () => ++calls);
    clock = 1000;
    expect(await cache.get('a', async () => ++calls)).toBe(2);
  });

  it('keeps separate totals for separate filters and forgets the oldest when full', async () => {
    const cache = createCountCache({ maxEntries: 2 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(await cache.get('b', async () => -1)).toBe(2);
    expect(await cache.get('a', async () => 99)).toBe(99);
  });

  it('forgets everything on clear', async () => {
    const cache = createCountCache();
    await cache.get('a', async () => 1);
    cache.clear();
    expect(await cache.get('a', async () => 2)).toBe(2);
  });
});
