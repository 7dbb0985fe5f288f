import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { MAX_TOASTS, Toaster, toast } from './toasts.tsx';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toast.dismiss();
  });
  afterEach(() => {
    act(() => toast.dismiss());
    vi.useRealTimers();
  });

  it('shows a success toast for 2 s and a plain one for 4 s', () => {
    renderWithProviders(<Toaster />);
    act(() => {
      toast.success('Saved');
      toast('Heads up');
    });
    expect(screen.getByRole('status').textContent).toContain('Saved');
    act(() => void vi.advanceTimersByTime(1999));
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByText('Heads up')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Heads up')).toBeNull();
  });

  it('announces errors assertively and removes them after 4 s', () => {
    renderWithProviders(<Toaster />);
    act(() => void toast.error('Failed'));
    expect(screen.getByRole('alert').textContent).toContain('Failed');
    act(() => void vi.advanceTimersByTime(3999));
    expect(screen.getByText('Failed')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('Failed')).toBeNull();
  });

  it('keeps a loading toast until it is dismissed, and can turn it into the outcome', () => {
    renderWithProviders(<Toaster />);
    let id = '';
    act(() => void (id = toast.loading('Uploading')));
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Uploading')).toBeTruthy();
    act(() => void toast.success('Uploaded', { id }));
    expect(screen.queryByText('Uploading')).toBeNull();
    expect(screen.getByText('Uploaded')).toBeTruthy();
    act(() => toast.dismiss(id));
    expect(screen.queryByText('Uploaded')).toBeNull();
  });

  it('shows at most 20 toasts, dropping the oldest', () => {
    renderWithProviders(<Toaster />);
    act(() => {
      for (let n = 1; n <= 25; n++) toast(`Message ${n}`);
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(MAX_TOASTS);
    expect(screen.queryByText('Message 5')).toBeNull();
    expect(screen.getByText('Message 6')).toBeTruthy();
    expect(screen.getByText('Message 25')).toBeTruthy();
  });

  it('offers an Undo button that runs the action and closes the toast, kept for 6 s', () => {
    renderWithProviders(<Toaster />);
    const undo = vi.fn();
    act(() => void toast('Removed from favourites', { action: { label: 'Undo', onClick: undo } }));
    act(() => void vi.advanceTimersByTime(5999));
    act(() => screen.getByRole('button', { name: 'Undo' }).click());
    expect(undo).toHaveBeenCalledOnce();
    expect(screen.queryByText('Removed from favourites')).toBeNull();
  });
});
