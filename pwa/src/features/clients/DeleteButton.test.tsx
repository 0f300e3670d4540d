import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../lib/test-utils';
import { DeleteButton } from './DeleteButton';

describe("an admin's Delete on the client card (issue 50 item 5)", () => {
  it('asks first: Cancel deletes nothing, Delete in the dialog queues the delete once', async () => {
    const confirm = vi.fn(async () => 1);
    renderWithProviders(<DeleteButton name="Harbour clinic" what="site" onConfirm={confirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Harbour clinic' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Harbour clinic?' });
    expect(dialog.textContent).toContain('The site and its access notes are deleted.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Harbour clinic' }));
    const again = await screen.findByRole('alertdialog');
    fireEvent.click(Array.from(again.querySelectorAll('button')).find((b) => b.textContent === 'Delete')!);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
