import { describe, expect, it } from 'vitest';
import { applyStartLink, startLinkPath } from './start-link.ts';

describe('start links (spec §2)', () => {
  it.each([
    ['application', '/application'],
    ['car_3f1c0000-0000-4000-8000-000000000000', '/cars/3f1c0000-0000-4000-8000-000000000000'],
    ['car_3F1C0000-0000-4000-8000-00000000000A', '/cars/3f1c0000-0000-4000-8000-00000000000a'],
    ['car_not-a-uuid', null],
    ['something', null],
    ['', null],
    [null, null],
  ])('%j leads to %j', (param, path) => {
    expect(startLinkPath(param)).toBe(path);
  });

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
