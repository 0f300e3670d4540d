import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { dashboardUrl, snapshotKey } from './offline';
import { SchedulerTagFilter, TagBreakdown, tagOptions } from './SchedulerTags';

afterEach(cleanup);

describe('KPI dashboard by tag (issue 57 item 3)', () => {
  it('offers the listed tags, the answer’s and the chosen one once each, ignoring case', () => {
    expect(tagOptions(['vpn', 'Onsite'], [{ tag: 'onsite', total: 1, done: 0 }, { tag: 'Printer', total: 2, done: 1 }], 'Backup')).toEqual(['Backup', 'Onsite', 'Printer', 'vpn']);
    expect(tagOptions([], [], undefined)).toEqual([]);
  });

  it("'Tag' picks one tag or 'All tags'", () => {
    const onChange = vi.fn();
    render(<SchedulerTagFilter value="vpn" names={['Onsite', 'vpn']} onChange={onChange} />);
    const select = screen.getByLabelText('Tag');
    expect((select as HTMLSelectElement).value).toBe('vpn');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All tags', 'Onsite', 'vpn']);
    fireEvent.change(select, { target: { value: 'Onsite' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange.mock.calls).toEqual([['Onsite'], [null]]);
  });

  it('shows no filter while there are no tags', () => {
    render(<SchedulerTagFilter value={undefined} names={[]} onChange={() => undefined} />);
    expect(screen.queryByLabelText('Tag')).toBeNull();
  });

  it("'Tickets by tag' lists tickets and resolved per tag; a name picks the tag", () => {
    const onPick = vi.fn();
    render(<TagBreakdown rows={[{ tag: 'Onsite', total: 2, done: 1 }, { tag: 'vpn', total: 1, done: 1 }]} onPick={onPick} />);
    const table = screen.getByRole('table', { name: 'Tickets by tag' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['TagTicketsResolved or closed', 'Onsite21', 'vpn11']);
    fireEvent.click(screen.getByRole('button', { name: 'vpn' }));
    expect(onPick).toHaveBeenCalledWith('vpn');
    expect(screen.getByText('A ticket with several tags counts under each of them.')).toBeTruthy();
  });

  it('keeps a tagged answer apart from the untagged one offline and asks the server with the tag', () => {
    const p = { range: 'week' as const, tz: 'UTC' };
    expect(snapshotKey(p)).toBe('week|UTC|all');
    expect(snapshotKey({ ...p, tag: 'VPN' })).toBe('week|UTC|all|tag:vpn');
    expect(dashboardUrl({ ...p, tag: 'On site' })).toBe('/api/scheduler?range=week&tz=UTC&tag=On+site');
  });
});
