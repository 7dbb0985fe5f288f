import { describe, expect, it } from 'vitest';
import { erasureDueAt, erasureDueBefore } from './retention.ts';

describe('the retention clock', () => {
  it('makes personal data due for erasure the given months after the decision', () => {
    expect(erasureDueAt(new Date('2024-01-15T10:00:00Z'), 25).toISOString()).toBe('2026-02-15T10:00:00.000Z');
  });

  it('counts an application decided more than the given months ago as due now', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const cutoff = erasureDueBefore(now, 25);
    expect(cutoff.toISOString()).toBe('2024-10-28T12:00:00.000Z');
    expect(erasureDueAt(new Date(cutoff.getTime() - 1), 25).getTime()).toBeLessThan(now.getTime());
  });
});
