import { describe, expect, it } from 'vitest';
import { applyStartLink } from './start-link.ts';

describe('start links', () => {
  it('replaces the launch entry instead of adding one, once per launch', () => {
    window.history.replaceState(null, '', '/');
    const before = window.history.length;
    applyStartLink('application');
    expect(window.location.pathname).toBe('/application');
    expect(window.history.length).toBe(before);
    // A reload of the same launch keeps where the user went since.
    window.history.replaceState(null, '', '/cars');
    applyStartLink('application');
    expect(window.location.pathname).toBe('/cars');
  });
});
