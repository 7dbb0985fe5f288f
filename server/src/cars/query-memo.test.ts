import { describe, expect, it } from 'vitest';
import { createQueryMemo } from './query-memo.ts';

function counted(parse: (query: unknown) => object = (query) => ({ ...(query as object) })) {
  let calls = 0;
  return {
    parse: (query: unknown) => {
      calls++;
      return parse(query);
    },
    calls: () => calls,
  };
}

describe('parsed query memo', () => {
  it('parses each key once and answers the same frozen result after', () => {
    const parser = counted();
    const memo = createQueryMemo(parser.parse);
    const first = memo('/cars?brand=Kia', { brand: 'Kia' });
    expect(memo('/cars?brand=Kia', { brand: 'Kia' })).toBe(first);
    expect(first).toEqual({ brand: 'Kia' });
    expect(Object.isFrozen(first)).toBe(true);
    expect(parser.calls()).toBe(1);
  });

  it('keeps nothing when the parse fails, so the next request fails the same way', () => {
    const parser = counted(() => {
      throw new Error('bad input');
    });
    const memo = createQueryMemo(parser.parse);
    expect(() => memo('/cars?page=0', { page: '0' })).toThrow('bad input');
    expect(() => memo('/cars?page=0', { page: '0' })).toThrow('bad input');
    expect(parser.calls()).toBe(2);
  });

  it('forgets the oldest key beyond maxEntries', () => {
    const parser = counted();
    const memo = createQueryMemo(parser.parse, { maxEntries: 2 });
    for (const key of ['a', 'b', 'c', 'b', 'a']) memo(key, { key });
    // a, b, c parsed; c pushed a out; b still known; a parsed again.
    expect(parser.calls()).toBe(4);
  });

  it('never keeps a key longer than maxKeyLength', () => {
    const parser = counted();
    const memo = createQueryMemo(parser.parse, { maxKeyLength: 8 });
    memo('/cars?brand=Mercedes-Benz', {});
    memo('/cars?brand=Mercedes-Benz', {});
    expect(parser.calls()).toBe(2);
  });
});
