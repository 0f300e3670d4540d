/**
 * Choosing assets for labels one by one (issue 53 item 3): ticked assets make 'Print labels (N)'
 * ask the labels PDF of exactly those ids, in the order ticked; untick and 'Clear selection' undo
 * it; with nothing ticked the list's PDF of the rows shown is offered.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LabelActions, useLabelSelection } from './AssetLabels';

const ASSETS = [
  { id: 'a1', assetTag: 'A-0001', name: 'Printer' },
  { id: 'a2', assetTag: 'A-0002', name: 'NAS' },
  { id: 'a3', assetTag: 'A-0003', name: 'Router' },
];

function Harness() {
  const labels = useLabelSelection();
  return (
    <>
      {ASSETS.map((a) => <div key={a.id}>{labels.box(a)}</div>)}
      <LabelActions chosen={labels.chosen} shownIds={ASSETS.map((a) => a.id)} clear={labels.clear} />
    </>
  );
}

describe('labels of chosen assets', () => {
  it('prints the ticked assets only, and goes back to the rows shown when cleared', () => {
    render(<Harness />);
    expect(screen.getByRole('link', { name: 'Labels of these assets (PDF)' }).getAttribute('href')).toBe('/api/assets/labels.pdf?ids=a1,a2,a3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose A-0003 for labels' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose A-0001 for labels' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose A-0002 for labels' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose A-0002 for labels' }));
    expect(screen.getByRole('link', { name: 'Print labels (2)' }).getAttribute('href')).toBe('/api/assets/labels.pdf?ids=a3,a1');
    expect(screen.queryByRole('link', { name: 'Labels of these assets (PDF)' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect((screen.getByRole('checkbox', { name: 'Choose A-0003 for labels' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('link', { name: 'Labels of these assets (PDF)' })).toBeTruthy();
  });
});
