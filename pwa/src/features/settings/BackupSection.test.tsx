import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupOverview } from '@portal/shared';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { BackupSection } from './BackupSection';
import { SETTINGS_TEXT } from './texts';

afterEach(() => vi.unstubAllGlobals());

const overview = (over: Partial<BackupOverview> = {}): BackupOverview => ({
  schedule: { enabled: false, keep: 7 },
  last: null,
  passphraseSet: true,
  dir: '/srv/portal/backups',
  ...over,
});

function setup(first: BackupOverview) {
  const stub = stubFetch((req) => (req.method === 'GET' ? [200, first] : [200, overview({ ...first, schedule: req.body as BackupOverview['schedule'] })]));
  renderWithProviders(<BackupSection />);
  return { puts: () => stub.requests.filter((r) => r.method === 'PUT') };
}

const keep = () => screen.getByLabelText('Keep') as HTMLInputElement;

describe("'Backups' on /admin/settings (docs/backup.md)", () => {
  it("shows 'Last backup: never' and the missing-passphrase note", async () => {
    setup(overview({ passphraseSet: false }));
    expect(await screen.findByText(SETTINGS_TEXT.backupNever)).toBeTruthy();
    expect(screen.getByText(SETTINGS_TEXT.backupNoPassphrase)).toBeTruthy();
    expect(screen.getByText('Saved in /srv/portal/backups.')).toBeTruthy();
  });

  it('shows the last backup, or why it failed', async () => {
    setup(overview({ last: { at: '2026-11-29T02:00:00.000Z', ok: false, trigger: 'schedule', file: null, bytes: null, message: 'disk full' } }));
    expect((await screen.findByTestId('last-backup')).textContent).toMatch(/^Last backup failed: .+: disk full$/);
  });

  it("turns the daily backup on with 'Keep' and says 'Settings Updated'; 0 is refused under the field", async () => {
    const { puts } = setup(overview({ last: { at: '2026-11-29T02:00:00.000Z', ok: true, trigger: 'manual', file: 'a.backup', bytes: 2048, message: null } }));
    expect((await screen.findByTestId('last-backup')).textContent).toMatch(/^Last backup: .+ \(2\.00 KB, manual\)$/);
    await waitFor(() => expect(keep().disabled).toBe(false));
    fireEvent.change(keep(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Keep at least 1 backup.')).toBeTruthy();
    expect(puts()).toHaveLength(0);
    fireEvent.click(screen.getByLabelText(SETTINGS_TEXT.backupDaily));
    fireEvent.change(keep(), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings Updated')).toBeTruthy();
    expect(puts()[0]).toMatchObject({ url: '/api/admin/backup/schedule', body: { enabled: true, keep: 14 } });
  });
});
