import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './ConfirmDialog';
import { Sheet } from './Sheet';

/** A page with an opener; the sheet holds a button that opens a confirmation over it. */
function Page() {
  const [sheet, setSheet] = useState(false);
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <div id="main">
        <button type="button" onClick={() => setSheet(true)}>
          Open Sheet
        </button>
      </div>
      <Sheet open={sheet} onClose={() => setSheet(false)} labelledBy="sheet-title">
        <h2 id="sheet-title">Edit</h2>
        <button type="button" onClick={() => setConfirm(true)}>
          Delete
        </button>
      </Sheet>
      <ConfirmDialog
        open={confirm}
        title="Delete it?"
        description="This cannot be undone."
        confirmLabel="Delete now"
        onConfirm={() => setConfirm(false)}
        onCancel={() => setConfirm(false)}
      />
    </>
  );
}

const main = () => document.getElementById('main')!;

describe('useModal (Sheet, ConfirmDialog): inert background, Escape, focus return', () => {
  it('moves focus in, makes the page inert, and on Escape closes and returns focus to the opener', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open Sheet' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Edit' });
    expect(document.activeElement).toBe(dialog);
    expect(main().hasAttribute('inert')).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(main().hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('a dialog over a sheet: Escape closes only the top one, focus and inertness unwind in order', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open Sheet' });
    opener.focus();
    fireEvent.click(opener);
    const del = screen.getByRole('button', { name: 'Delete' });
    del.focus();
    fireEvent.click(del);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    const sheetRoot = document.querySelector('.sheet-backdrop')!;
    expect(sheetRoot.hasAttribute('inert')).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeTruthy();
    expect(sheetRoot.hasAttribute('inert')).toBe(false);
    expect(main().hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(del);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(main().hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
