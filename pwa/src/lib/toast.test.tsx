import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '@portal/shared';
import { ToastProvider, useToast, type ToastOptions } from './toast';

function Trigger({ options }: { options: ToastOptions[] }) {
  const toast = useToast();
  return (
    <>
      {options.map((o) => (
        <button key={o.title} onClick={() => toast.show(o)}>
          show {o.title}
        </button>
      ))}
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('toasts (SPEC.md 2 / 9)', () => {
  const first = { title: 'Ticket Updated', description: 'Saved.' };
  const second = { title: 'Error', description: 'Failed to update ticket. Please try again.', variant: 'destructive' as const };

  it('shows one toast at a time: a new one replaces the current', () => {
    render(
      <ToastProvider>
        <Trigger options={[first, second]} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show Ticket Updated'));
    expect(screen.getByText('Ticket Updated')).toBeTruthy();
    expect(screen.getByText('Saved.')).toBeTruthy();

    fireEvent.click(screen.getByText('show Error'));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.queryByText('Ticket Updated')).toBeNull();
    expect(screen.getByText('Failed to update ticket. Please try again.')).toBeTruthy();
  });

  it('hides after the display duration and on close', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger options={[first]} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show Ticket Updated'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Saved.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved.')).toBeNull();

    fireEvent.click(screen.getByText('show Ticket Updated'));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('F8 focuses the notification area', () => {
    render(
      <ToastProvider>
        <Trigger options={[first]} />
      </ToastProvider>,
    );
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Notifications (F8)');
  });
});
