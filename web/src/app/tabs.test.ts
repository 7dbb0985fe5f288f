import { describe, expect, it } from 'vitest';
import { parentPath, tabRootOf } from './tabs.ts';

describe('the Telegram tab bar', () => {
  it.each([
    ['/', 'home'],
    ['/cars', 'cars'],
    ['/cars/', 'cars'],
    ['/favorites', 'favorites'],
    ['/application', 'application'],
  ])('shows the %s screen as the top of the %s tab', (path, tab) => {
    expect(tabRootOf(path)).toBe(tab);
  });

  it.each(['/cars/3f1c2a9e-0000-4000-8000-000000000001', '/application/personal', '/auth/link', '/dashboard', '/no/such/page'])(
    'treats %s as a deeper screen without the tab bar',
    (path) => {
      expect(tabRootOf(path)).toBeNull();
    },
  );

  it('leads Back from a directly opened car to the catalogue', () => {
    expect(parentPath('/cars/3f1c2a9e-0000-4000-8000-000000000001')).toBe('/cars');
  });

  it('leads Back from a directly opened booking screen to its car', () => {
    expect(parentPath('/cars/3f1c2a9e-0000-4000-8000-000000000001/visit')).toBe('/cars/3f1c2a9e-0000-4000-8000-000000000001');
  });

  it('leads Back from a directly opened wizard step to the application tab, and from anything else home', () => {
    expect(parentPath('/application/housing')).toBe('/application');
    expect(parentPath('/auth/link')).toBe('/');
  });
});
