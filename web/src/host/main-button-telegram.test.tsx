import { act, screen } from '@testing-library/react';
import { emitEvent } from '@telegram-apps/sdk-react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { WebMainButton } from '../components/web-main-button.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { mockTelegram, type RecordedEvent } from '../test/telegram.ts';
import { bootHost, useMainButton, type Host, type MainButtonOptions } from './index.ts';

let host: Host;
let events: RecordedEvent[];

beforeAll(async () => {
  ({ events } = mockTelegram());
  host = await bootHost();
  expect(host.kind).toBe('telegram');
});

function Screen(props: MainButtonOptions) {
  useMainButton(props);
  return <WebMainButton />;
}

const mainButtonCalls = () => events.filter(([method]) => method === 'web_app_setup_main_button').map(([, params]) => params);

describe('useMainButton inside Telegram', () => {
  it('sets up the native Main button instead of a page button', () => {
    renderWithProviders(<Screen text="Start Application" onClick={() => {}} />, { host });
    expect(mainButtonCalls().at(-1)).toMatchObject({
      text: 'Start Application',
      is_visible: true,
      is_active: true,
      is_progress_visible: false,
    });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('calls onClick when Telegram reports a press, and stops listening on unmount', () => {
    const onClick = vi.fn();
    const { unmount } = renderWithProviders(<Screen text="Next" onClick={onClick} />, { host });
    act(() => emitEvent('main_button_pressed'));
    expect(onClick).toHaveBeenCalledOnce();
    unmount();
    expect(mainButtonCalls().at(-1)).toMatchObject({ is_visible: false });
    act(() => emitEvent('main_button_pressed'));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('passes loading and disabled states on', () => {
    const { rerender } = renderWithProviders(<Screen text="Submit" onClick={() => {}} loading />, { host });
    expect(mainButtonCalls().at(-1)).toMatchObject({ text: 'Submit', is_progress_visible: true });
    rerender(<Screen text="Submit" onClick={() => {}} enabled={false} />);
    expect(mainButtonCalls().at(-1)).toMatchObject({ is_active: false, is_progress_visible: false });
  });
});
