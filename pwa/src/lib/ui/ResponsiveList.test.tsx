import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { ResponsiveList, type ListColumn } from './ResponsiveList';

interface Row {
  id: string;
  name: string;
  size: number;
}
const ROWS: Row[] = [
  { id: '1', name: 'alpha', size: 3 },
  { id: '2', name: 'beta', size: 5 },
];
const COLUMNS: ListColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, rowHeader: true },
  { id: 'size', header: 'Size', cell: (r) => `${r.size} KB`, className: 'num' },
];

/** A controllable matchMedia: `set(true)` crosses 992 px and tells the listeners. */
function fakeMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return matches;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
  return {
    set(v: boolean) {
      matches = v;
      act(() => listeners.forEach((l) => l()));
    },
  };
}

const list = (rows: Row[] | undefined, extra: Partial<Parameters<typeof ResponsiveList<Row>>[0]> = {}) => (
  <ResponsiveList<Row>
    rows={rows}
    rowKey={(r) => r.id}
    columns={COLUMNS}
    card={(r) => <strong>{r.name}</strong>}
    label="Things"
    empty="No things yet."
    loadingText="Loading things..."
    rowAttrs={(r) => ({ 'data-testid': `thing-${r.name}` })}
    {...extra}
  />
);

afterEach(() => vi.unstubAllGlobals());

describe('ResponsiveList (cards under 992 px, a table above, DESIGN.md 5a)', () => {
  it('shows cards on phones and switches to a table when the window crosses 992 px', () => {
    const mm = fakeMatchMedia(false);
    render(list(ROWS));
    const cards = screen.getByRole('list', { name: 'Things' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('thing-alpha').tagName).toBe('LI');

    mm.set(true);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(screen.queryByRole('list', { name: 'Things' })).toBeNull();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Size']);
    expect(within(table).getByRole('rowheader', { name: 'beta' })).toBeTruthy();
    expect(within(table).getByText('5 KB').className).toBe('num');
    expect(screen.getByTestId('thing-alpha').tagName).toBe('TR');

    mm.set(false);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the loading skeleton, the empty text and the error with its message', () => {
    fakeMatchMedia(true);
    const { rerender } = render(list(undefined));
    expect(screen.getByRole('status').textContent).toContain('Loading things...');
    rerender(list([]));
    expect(screen.getByText('No things yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    rerender(list(undefined, { error: new Error('Forbidden'), errorText: 'The things could not be loaded.' }));
    expect(screen.getByRole('alert').textContent).toBe('The things could not be loaded. Forbidden');
  });
});
