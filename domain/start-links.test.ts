import { describe, expect, it } from 'vitest';
import { carStartParam, startLinkPath } from './start-links.ts';

const UUID = '3f2a9c1e-8b4d-4e6f-9a0b-1c2d3e4f5a6b';

describe('start links', () => {
  it.each([
    ['application', '/application'],
    ['apply', '/application'],
    ['favorites', '/favorites'],
    [`car_${UUID}`, `/cars/${UUID}`],
    [`car_${UUID.toUpperCase()}`, `/cars/${UUID}`],
  ])('%s opens %s', (param, path) => {
    expect(startLinkPath(param)).toBe(path);
  });

  it.each([null, undefined, '', 'car_', 'car_not-a-uuid', `car_${UUID}x`, 'APPLICATION', 'settings'])('%s opens nothing', (param) => {
    expect(startLinkPath(param)).toBeNull();
  });

  it("a car's start parameter leads back to that car", () => {
    expect(startLinkPath(carStartParam(UUID.toUpperCase()))).toBe(`/cars/${UUID}`);
  });
});
