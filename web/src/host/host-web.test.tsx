import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '../components/toasts.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { bootHost, HostProvider, useHost, type Host } from './index.ts';
import { mightBeTelegramLaunch } from './boot.ts';
import { getRawInitData } from './init-data.ts';

afterEach(() => {
  vi.restoreAllMocks();
  act(() => toast.dismiss());
});

async function webHost(): Promise<Host> {
  const host = await bootHost();
  expect(host.kind).toBe('web');
  return host;
}

describe('the host outside Telegram', () => {
  it('boots as a plain web page when there are no launch parameters', async () => {
    expect(mightBeTelegramLaunch()).toBe(false);
    const host = await webHost();
    const wrapper = ({ children }: { children: ReactNode }) => <HostProvider host={host}>{children}</HostProvider>;
    const { result } = renderHook(() => useHost(), { wrapper });
    expect(result.current).toMatchObject({ kind: 'web', platform: 'web', user: null, startParam: null, isDark: false });
    expect(getRawInitData()).toBeUndefined();
  });

  it('falls back to the web when launch data is unusable', async () => {
    sessionStorage.setItem('tapps/launchParams', JSON.stringify('tgWebAppPlatform=web&tgWebAppVersion=nonsense'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(mightBeTelegramLaunch()).toBe(true);
    const host = await bootHost();
    expect(host.kind).toBe('web');
    sessionStorage.removeItem('tapps/launchParams');
    warn.mockRestore();
  });

  it('opens links in a new tab', async () => {
    const host = await webHost();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    host.openLink('https://example.com/');
    host.openTelegramLink('https://t.me/LibertyAutoBot');
    expect(open).toHaveBeenCalledWith('https://example.com/', '_blank', 'noopener,noreferrer');
    expect(open).toHaveBeenCalledWith('https://t.me/LibertyAutoBot', '_blank', 'noopener,noreferrer');
  });

  it('shares with the system sheet when there is one', async () => {
    const host = await webHost();
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await host.share({ url: 'https://cars.example/cars/1', text: 'Look' });
    expect(share).toHaveBeenCalledWith({ url: 'https://cars.example/cars/1', text: 'Look' });
    Reflect.deleteProperty(navigator, 'share');
  });

  it('copies the link and says so when there is no share sheet', async () => {
    const host = await webHost();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<Toaster />, { host });
    await act(() => host.share({ url: 'https://cars.example/cars/1' }));
    expect(writeText).toHaveBeenCalledWith('https://cars.example/cars/1');
    expect(screen.getByRole('status').textContent).toContain('Link copied');
  });

  it('downloads through a temporary link', async () => {
    const host = await webHost();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('application-7.pdf');
      expect(this.href).toContain('/api/applications/7/pdf');
    });
    await host.downloadFile('/api/applications/7/pdf', 'application-7.pdf');
    expect(click).toHaveBeenCalledOnce();
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('quietly skips what a web page cannot do', async () => {
    const host = await webHost();
    expect(() => {
      host.close();
      host.expand();
      host.addToHomeScreen();
      host.sendData('x');
      host.haptic('success');
    }).not.toThrow();
    await expect(host.requestFullscreen()).resolves.toBeUndefined();
    expect(host.native).toBeNull();
  });
});
