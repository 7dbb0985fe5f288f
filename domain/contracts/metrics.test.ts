import { describe, expect, it } from 'vitest';
import { METRIC_NAMES, NO_METRIC_VALUE } from './metrics.ts';

describe('staff metrics', () => {
  it('lists the nine business metrics, each once, in the table order', () => {
    expect(METRIC_NAMES).toHaveLength(9);
    expect(new Set(METRIC_NAMES).size).toBe(9);
    expect(METRIC_NAMES[0]).toBe('Total Users');
    expect(METRIC_NAMES.at(-1)).toBe('% Users Who Submitted Application After Viewing');
  });

  it('shows a value it cannot give yet as an em dash, like every empty value', () => {
    expect(NO_METRIC_VALUE).toBe('—');
  });
});
