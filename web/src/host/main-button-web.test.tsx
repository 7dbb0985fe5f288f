import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { WebMainButton } from '../components/web-main-button.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { useMainButton, type MainButtonOptions } from './index.ts';

function Screen(props: MainButtonOptions) {
  useMainButton(props);
  return null;
}

function Page({ onClick, ...rest }: Partial<MainButtonOptions> & { onClick: () => void }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      {shown ? <Screen text="Continue" onClick={onClick} {...rest} /> : null}
      <button type="button" onClick={() => setShown(false)}>
        Leave screen
      </button>
      <WebMainButton />
    </>
  );
}

describe('useMainButton on the plain web', () => {
  it('renders a page button that calls onClick', async () => {
    const onClick = vi.fn();
    renderWithProviders(<Page onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('disappears when the screen unmounts', async () => {
    renderWithProviders(<Page onClick={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Leave screen' }));
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('is absent when not visible and disabled when not enabled or loading', () => {
    const { rerender } = renderWithProviders(<Page onClick={() => {}} visible={false} />);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    rerender(<Page onClick={() => {}} enabled={false} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' }).disabled).toBe(true);
    rerender(<Page onClick={() => {}} loading />);
    const busy = screen.getByRole<HTMLButtonElement>('button', { name: /Continue/ });
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
  });

  it('calls the latest handler after a re-render', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderWithProviders(<Page onClick={first} />);
    rerender(<Page onClick={second} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });
});
