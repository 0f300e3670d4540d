import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Tabs, TabPanel, tabTarget } from './Tabs';

const TABS = [
  { id: 'a', label: 'Alpha' },
  { id: 'b', label: 'Beta' },
  { id: 'c', label: 'Gamma' },
] as const;
type K = (typeof TABS)[number]['id'];

function Harness() {
  const [value, setValue] = useState<K>('a');
  return (
    <>
      <Tabs tabs={TABS} value={value} onChange={setValue} label="Letters" tabId={(k) => `t-${k}`} panelId={(k) => `p-${k}`} />
      <TabPanel id={`p-${value}`} labelledBy={`t-${value}`}>
        Panel {value}
      </TabPanel>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs (WAI-ARIA tabs keyboard model, DESIGN.md 5a)', () => {
  it('marks the selected tab and keeps one tab stop (roving tabindex)', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Letters' })).toBeTruthy();
    expect(tab('Alpha').getAttribute('aria-selected')).toBe('true');
    expect(tab('Alpha').tabIndex).toBe(0);
    expect(tab('Beta').getAttribute('aria-selected')).toBe('false');
    expect(tab('Beta').tabIndex).toBe(-1);
    expect(tab('Beta').getAttribute('aria-controls')).toBe('p-b');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('t-a');
  });

  it('Right and Left move, select and focus, wrapping at both ends', () => {
    render(<Harness />);
    tab('Alpha').focus();
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowRight' });
    expect(tab('Beta').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Beta'));
    expect(tab('Beta').tabIndex).toBe(0);
    expect(tab('Alpha').tabIndex).toBe(-1);
    fireEvent.keyDown(tab('Beta'), { key: 'ArrowLeft' });
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Gamma'));
    expect(tab('Gamma').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Gamma'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Alpha'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel a');
  });

  it('Home and End go to the first and last tab; other keys do nothing', () => {
    render(<Harness />);
    fireEvent.keyDown(tab('Alpha'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Gamma'));
    expect(tab('Gamma').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Gamma'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Alpha'));
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowDown' });
    expect(tab('Alpha').getAttribute('aria-selected')).toBe('true');
    expect(tabTarget('x', 1, 3)).toBeNull();
  });

  it('a click selects', () => {
    render(<Harness />);
    fireEvent.click(tab('Beta'));
    expect(tab('Beta').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel b');
  });
});
