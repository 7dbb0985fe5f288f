import { act, renderHook } from '@testing-library/react';
import { emitEvent } from '@telegram-apps/sdk-react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFetch } from '../lib/api-client.ts';
import { mockFetch } from '../test/render.tsx';
import { mockTelegram, type RecordedEvent } from '../test/telegram.ts';
import { bootHost, HostProvider, useFormGuard, useHost, type Host } from './index.ts';
import { getRawInitData } from './init-data.ts';

let host: Host;
let events: RecordedEvent[];
let rawInitData: string;

beforeAll(async () => {
  ({ events, rawInitData } = mockTelegram({
    startParam: 'car_3f1c0000-0000-4000-8000-000000000000',
    platform: 'ios',
    themeParams: { bg_color: '#17212b', text_color: '#f5f5f5', button_color: '#5288c1' },
  }));
  host = await bootHost();
});

const wrapper = ({ children }: { children: ReactNode }) => <HostProvider host={host}>{children}</HostProvider>;
const methods = () => events.map(([method]) => method);

describe('the host inside Telegram', () => {
  it('is the Telegram host with the launch user, platform and start parameter', () => {
    const { result } = renderHook(() => useHost(), { wrapper });
    expect(result.current.kind).toBe('telegram');
    expect(result.current.platform).toBe('ios');
    expect(result.current.startParam).toBe('car_3f1c0000-0000-4000-8000-000000000000');
    expect(result.current.user).toMatchObject({ id: 42, firstName: 'Olena', username: 'olena', languageCode: 'uk' });
  });

  it('expands at boot, and signals ready only when the shell says it is drawn', () => {
    expect(methods()).toContain('web_app_expand');
    expect(methods()).not.toContain('web_app_ready');
    host.native!.ready();
    expect(methods()).toContain('web_app_ready');
  });

  it("paints Telegram's header, background and bottom bar in the theme's colours", () => {
    expect(events).toContainEqual(['web_app_set_header_color', { color: '#17212b' }]);
    expect(events).toContainEqual(['web_app_set_background_color', { color: '#17212b' }]);
    expect(events).toContainEqual(['web_app_set_bottom_bar_color', { color: '#17212b' }]);
  });

  it('keeps swipes from closing the app and asks before closing while a form is in progress, and restores both after', () => {
    const { rerender, unmount } = renderHook(({ inProgress }) => useFormGuard({ inProgress, unsaved: false }), {
      wrapper,
      initialProps: { inProgress: true },
    });
    expect(events.at(-2)).toEqual(['web_app_setup_closing_behavior', { need_confirmation: true }]);
    expect(events.at(-1)).toEqual(['web_app_setup_swipe_behavior', { allow_vertical_swipe: false }]);
    rerender({ inProgress: false });
    expect(events.at(-2)).toEqual(['web_app_setup_closing_behavior', { need_confirmation: false }]);
    expect(events.at(-1)).toEqual(['web_app_setup_swipe_behavior', { allow_vertical_swipe: true }]);
    rerender({ inProgress: true });
    unmount();
    expect(events.at(-1)).toEqual(['web_app_setup_swipe_behavior', { allow_vertical_swipe: true }]);
  });

  it('shows the Settings item and reports its presses', () => {
    host.native!.showSettingsButton(true);
    expect(events).toContainEqual(['web_app_setup_settings_button', { is_visible: true }]);
    let pressed = 0;
    const off = host.native!.onSettingsButton(() => pressed++);
    act(() => emitEvent('settings_button_pressed'));
    off();
    expect(pressed).toBe(1);
  });

  it('binds the theme to CSS variables', () => {
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#17212b');
  });

  it('follows the colour scheme, also when Telegram changes it', () => {
    const { result } = renderHook(() => useHost(), { wrapper });
    expect(result.current.isDark).toBe(true);
    act(() => emitEvent('theme_changed', { theme_params: { bg_color: '#ffffff', text_color: '#000000' } }));
    expect(result.current.isDark).toBe(false);
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#ffffff');
    expect(events.filter(([method]) => method === 'web_app_set_header_color').at(-1)).toEqual([
      'web_app_set_header_color',
      { color: '#ffffff' },
    ]);
  });

  it('sends the raw init data with every API call', async () => {
    expect(getRawInitData()).toBe(rawInitData);
    const network = mockFetch({ 'GET /api/me': () => ({ ok: true }) });
    try {
      await apiFetch('/api/me');
      expect(network.calls[0]!.headers.get('authorization')).toBe(`tma ${rawInitData}`);
    } finally {
      network.restore();
    }
  });

  it('drives Telegram for links, haptics and data, never crashing', async () => {
    host.openLink('https://example.com/terms');
    host.openTelegramLink('https://t.me/LibertyAutoBot');
    host.haptic('success');
    host.haptic('light');
    host.sendData('hello');
    await host.requestFullscreen();
    host.addToHomeScreen();
    expect(events).toContainEqual(['web_app_open_link', expect.objectContaining({ url: 'https://example.com/terms' })]);
    expect(events).toContainEqual(['web_app_open_tg_link', expect.objectContaining({ path_full: '/LibertyAutoBot' })]);
    expect(events).toContainEqual(['web_app_trigger_haptic_feedback', { type: 'notification', notification_type: 'success' }]);
    // Full screen needs the mounted viewport, which this fake client never answers: skipped, no crash.
    expect(methods()).toContain('web_app_add_to_home_screen');
  });

  it('drives the native Back button', () => {
    host.native!.showBackButton(true);
    expect(events).toContainEqual(['web_app_setup_back_button', { is_visible: true }]);
    let pressed = 0;
    const off = host.native!.onBackButton(() => pressed++);
    act(() => emitEvent('back_button_pressed'));
    off();
    act(() => emitEvent('back_button_pressed'));
    expect(pressed).toBe(1);
  });
});
