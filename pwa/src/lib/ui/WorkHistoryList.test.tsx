/**
 * The work history shows staff which inbound rule threaded an e-mailed customer reply (issue 55
 * defect 2: "Staff see which rule threaded each mail"; the importer stores it as the entry's newValue).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { WorkHistoryList, type HistoryEntry } from './WorkHistoryList';

const entry = (id: string, newValue: string | null, comment: string): HistoryEntry => ({
  id,
  updateType: 'customer_reply',
  reply: false,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedByName: null,
  comment,
  previousValue: null,
  newValue,
});

describe('WorkHistoryList: e-mailed customer replies', () => {
  it('names the threading rule of each mailed reply; a status-page reply names none', () => {
    render(
      <WorkHistoryList
        entries={[
          entry('a', 'reply token', 'Via token.'),
          entry('b', "subject number from the ticket's contact", 'Down again.'),
          entry('c', null, 'From the status page.'),
        ]}
      />,
    );
    expect(screen.getByText('By e-mail, threaded by reply token')).toBeTruthy();
    expect(screen.getByText("By e-mail, threaded by subject number from the ticket's contact")).toBeTruthy();
    expect(screen.getAllByText(/threaded by/)).toHaveLength(2);
    expect(screen.getAllByText('From the customer')).toHaveLength(3);
  });
});

describe('WorkHistoryList: clean threads (issue 57 item 4)', () => {
  it('a trimmed mail reply shows its new text and expands the mail as received on "Show quoted text"', () => {
    const original = 'Still jams.\n\nOn Tue, Support wrote:\n> We fixed it.';
    render(<WorkHistoryList entries={[{ ...entry('a', 'reply token', 'Still jams.'), mailOriginal: original }, entry('b', null, 'No quote here.')]} />);
    expect(screen.getByText('Still jams.')).toBeTruthy();
    expect(screen.queryByText(/We fixed it/)).toBeNull();
    const toggles = screen.getAllByRole('button', { name: 'Show quoted text' });
    expect(toggles).toHaveLength(1);
    fireEvent.click(toggles[0]!);
    expect(screen.getByLabelText('The e-mail as received').textContent).toBe(original);
    fireEvent.click(screen.getByRole('button', { name: 'Hide quoted text' }));
    expect(screen.queryByText(/We fixed it/)).toBeNull();
  });
});
