import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { SearchableSelect, type SearchableOption } from './SearchableSelect';

const MANY: SearchableOption[] = Array.from({ length: 5000 }, (_, i) => ({ id: `c${i + 1}`, name: `Acme ${i + 1} Services`, search: `acme${i + 1}.example` }));

function Harness({ options, initial = '' }: { options: SearchableOption[]; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="pick">Client</label>
      <SearchableSelect id="pick" label="Client" value={value} noneLabel="None" options={options} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

const optionTexts = () => within(screen.getByLabelText('Client')).getAllByRole('option').map((o) => o.textContent);

describe('SearchableSelect', () => {
  it('lists 50 of 5,000 clients with a count of the rest; words of the search narrow by name or domain', () => {
    render(<Harness options={MANY} />);
    expect(optionTexts()).toHaveLength(1 + 50 + 1);
    expect(optionTexts().at(-1)).toBe('4,950 more: type to narrow');
    fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: '4999 serv' } });
    expect(optionTexts()).toEqual(['None', 'Acme 4999 Services']);
    fireEvent.change(screen.getByLabelText('Client'), { target: { value: 'c4999' } });
    expect(screen.getByRole('status').textContent).toBe('c4999');
    fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: 'acme12.example' } });
    // The chosen client stays listed while the search shows others.
    expect(optionTexts()).toEqual(['None', 'Acme 4999 Services', 'Acme 12 Services']);
    fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: 'zzz' } });
    expect(optionTexts().at(-1)).toBe('No match for “zzz”');
  });

  it('has no search box for a short list', () => {
    render(<Harness options={MANY.slice(0, 3)} />);
    expect(screen.queryByLabelText('Search clients')).toBeNull();
    expect(optionTexts()).toEqual(['None', 'Acme 1 Services', 'Acme 2 Services', 'Acme 3 Services']);
  });
});
