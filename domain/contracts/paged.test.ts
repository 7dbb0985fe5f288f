import { describe, expect, it } from 'vitest';
import { toPaged } from './paged.ts';

describe('a paged answer', () => {
  it.each([
    [0, 20, 0],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [45, 10, 5],
  ])('counts %i rows at %i a page as %i pages', (total, limit, totalPages) => {
    expect(toPaged([], total, 1, limit).totalPages).toBe(totalPages);
  });

  it('carries the items, the total and where the page stands', () => {
    expect(toPaged(['a', 'b'], 12, 2, 10)).toEqual({ items: ['a', 'b'], total: 12, page: 2, limit: 10, totalPages: 2 });
  });
});
