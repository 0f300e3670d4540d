import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CHECKLIST_MAX_ITEMS, type ChecklistTemplate } from '@portal/shared';
import { ChecklistEditor } from './ChecklistEditor';

const template = (name: string, n: number): ChecklistTemplate => ({
  id: `t-${name}`,
  name,
  items: Array.from({ length: n }, (_, i) => ({ text: `${name} step ${i + 1}`, required: i === 0 })),
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('ChecklistEditor: Insert a checklist template (issue 52 item 2)', () => {
  it('appends the chosen template\'s items after the rows with text, dropping blank rows', () => {
    const onChange = vi.fn();
    render(<ChecklistEditor id="c" items={[{ text: 'Own item', required: false }, { text: '  ', required: false }]} onChange={onChange} templates={[template('Backup check', 2)]} />);
    fireEvent.change(screen.getByLabelText('Insert a checklist template'), { target: { value: 't-Backup check' } });
    expect(onChange).toHaveBeenCalledWith([
      { text: 'Own item', required: false },
      { text: 'Backup check step 1', required: true },
      { text: 'Backup check step 2', required: false },
    ]);
  });

  it(`keeps at most ${CHECKLIST_MAX_ITEMS} items, and offers no choice without templates`, () => {
    const onChange = vi.fn();
    const { rerender } = render(<ChecklistEditor id="c" items={[{ text: 'Own item', required: false }]} onChange={onChange} templates={[template('Long', CHECKLIST_MAX_ITEMS)]} />);
    fireEvent.change(screen.getByLabelText('Insert a checklist template'), { target: { value: 't-Long' } });
    expect(onChange.mock.calls[0]![0]).toHaveLength(CHECKLIST_MAX_ITEMS);
    rerender(<ChecklistEditor id="c" items={[]} onChange={onChange} templates={[]} />);
    expect(screen.queryByLabelText('Insert a checklist template')).toBeNull();
  });
});
