import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache.ts';

const later = () => new Promise((resolve) => setTimeout(resolve, 0));

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

  it('shares one count between requests that arrive together', async () => {
    const cache = createCountCache();
    let calls = 0;
    const count = async () => {
      calls++;
      await later();
      return 7;
    };
    expect(await Promise.all([cache.get('a', count), cache.get('a', count), cache.get('a', count)])).toEqual([7, 7, 7]);
    expect(calls).toBe(1);
  });

  it('serves the expired total while one refresh runs, then the new one', async () => {
    let clock = 0;
    const cache = createCountCache({ ttlMs: 1000, now: () => clock });
    let calls = 0;
    const count = async () => {
      calls++;
      await later();
      return calls * 10;
    };
    await cache.get('a', count);
    clock = 1000;
    expect(await Promise.all([cache.get('a', count), cache.get('a', count)])).toEqual([10, 10]);
    await later();
    expect(await cache.get('a', count)).toBe(20);
    expect(calls).toBe(2);
  });

  it('reports a failed first count, and counts again next time', async () => {
    const cache = createCountCache();
    await expect(cache.get('a', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('a', async () => 3)).toBe(3);
  });

  it('keeps serving the last total when a refresh fails', async () => {
    let clock = 0;
    const cache = createCountCache({ ttlMs: 1000, now: () => clock });
    await cache.get('a', async () => 5);
    clock = 1000;
    expect(await cache.get('a', async () => Promise.reject(new Error('database down')))).toBe(5);
    await later();
    expect(await cache.get('a', async () => 6)).toBe(5);
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
