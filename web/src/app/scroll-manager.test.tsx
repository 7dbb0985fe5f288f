import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SCROLL_BEHAVIOR_OVERRIDE_MS, ScrollManager } from './scroll-manager.tsx';

function Page() {
  return (
    <>
      <ScrollManager />
      <section id="contact">Contact</section>
    </>
  );
}

function setup(initial = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', Component: Page },
      { path: '/cars', Component: Page },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('scrolling on navigation', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  let scrollIntoView: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView as unknown as typeof Element.prototype.scrollIntoView;
    document.documentElement.style.scrollBehavior = 'smooth';
  });
  afterEach(() => vi.useRealTimers());

  it('scrolls to the top when the path changes', async () => {
    const router = setup('/');
    scrollTo.mockClear();
    await act(() => router.navigate('/cars'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('going back returns to where that page was scrolled to', async () => {
    const router = setup('/cars');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1234 });
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(50);
    });
    await act(() => router.navigate('/'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/cars');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1234);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('a reload returns to where the page was: positions outlive the page in the tab', async () => {
    const router = setup('/cars');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      window.dispatchEvent(new Event('pagehide'));
    });
    const stored = JSON.parse(sessionStorage.getItem('scrollPositions') ?? '[]') as Array<[string, number]>;
    expect(stored).toContainEqual([router.state.location.key, 640]);
    cleanup();

    // The reloaded page opens the same history entry (its key survives) with a "pop" navigation.
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    sessionStorage.setItem('scrollPositions', JSON.stringify([['entry-before-the-reload', 480]]));
    scrollTo.mockClear();
    const reloaded = createMemoryRouter([{ path: '/cars', Component: Page }], {
      initialEntries: [{ pathname: '/cars', key: 'entry-before-the-reload' }],
    });
    render(<RouterProvider router={reloaded} />);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
  });

  it('scrolls to the anchor instead when a hash is present', async () => {
    const router = setup('/cars');
    scrollTo.mockClear();
    await act(() => router.navigate('/#contact'));
    expect(scrollIntoView).toHaveBeenCalledOnce();
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('contact'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls again when only the hash changes', async () => {
    const router = setup('/');
    await act(() => router.navigate('/#contact'));
    expect(scrollIntoView).toHaveBeenCalledOnce();
    scrollTo.mockClear();
    await act(() => router.navigate('/'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('turns smooth scrolling off for 50 ms while jumping', async () => {
    const router = setup('/');
    await act(() => vi.advanceTimersByTime(SCROLL_BEHAVIOR_OVERRIDE_MS));
    let behaviourDuringJump = '';
    scrollTo.mockImplementation(() => (behaviourDuringJump = document.documentElement.style.scrollBehavior));
    await act(() => router.navigate('/cars'));
    expect(behaviourDuringJump).toBe('auto');
    expect(document.documentElement.style.scrollBehavior).toBe('auto');
    act(() => void vi.advanceTimersByTime(SCROLL_BEHAVIOR_OVERRIDE_MS - 1));
    expect(document.documentElement.style.scrollBehavior).toBe('auto');
    act(() => void vi.advanceTimersByTime(1));
    expect(document.documentElement.style.scrollBehavior).toBe('smooth');
  });

  it('ignores a hash that matches nothing, or a malformed one', async () => {
    const router = setup('/');
    await act(() => router.navigate('/#nowhere'));
    await act(() => router.navigate('/#%E0%A4%A'));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});

describe('scrolling on repeated and query-only navigation', () => {
  it('jumps to the anchor again when the same anchor link is followed again, and ignores query changes', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo;
    const router = setup('/');
    await act(() => router.navigate('/#contact'));
    await act(() => router.navigate('/#contact'));
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
    await act(() => router.navigate('/cars'));
    scrollTo.mockClear();
    await act(() => router.navigate('/cars?brand=Ford'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
