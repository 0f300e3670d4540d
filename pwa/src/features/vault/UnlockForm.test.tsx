/**
 * The offline passphrase prompt: a wrong passphrase says how many attempts are left, and an
 * unlock that fails for another reason (the device's storage refusing the read or the count) says
 * so instead of leaving the form silent; the field is cleared either way.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import { renderWithProviders } from '../../lib/test-utils';
import { UnlockForm } from './OfflineVaultPanel';
import { OfflineVaultProvider } from './session/OfflineVaultProvider';
import { OfflineVaultSession } from './session/OfflineVaultSession';
import { OFFLINE_VAULT_TEXT as T } from './texts';

afterEach(cleanup);

function setup(unlock: OfflineVaultSession['unlockWithPassphrase']) {
  const session = new OfflineVaultSession();
  session.unlockWithPassphrase = vi.fn(unlock);
  renderWithProviders(
    <AuthProvider>
      <OfflineVaultProvider session={session}>
        <UnlockForm vault={{ device: null, unlocked: false, count: 0, wiped: null }} />
      </OfflineVaultProvider>
    </AuthProvider>,
  );
  const field = screen.getByLabelText(T.passphrase) as HTMLInputElement;
  const submit = (value: string) => {
    fireEvent.change(field, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: T.unlock }));
  };
  return { session, field, submit };
}

describe('UnlockForm', () => {
  it('says how many attempts are left after a wrong passphrase and clears the field', async () => {
    const { session, field, submit } = setup(async () => ({ ok: false, attemptsLeft: 9 }));
    submit('basement router tea kettles');
    await screen.findByText('Wrong passphrase. 9 attempts left before the offline copy is wiped.');
    expect(session.unlockWithPassphrase).toHaveBeenCalledWith('basement router tea kettles');
    expect(field.value).toBe('');
  });

  it('says the vault could not be unlocked when the unlock fails for another reason', async () => {
    const { field, submit } = setup(async () => {
      throw new DOMException('The database connection is closing.', 'InvalidStateError');
    });
    submit('basement router tea kettle');
    await screen.findByText(T.unlockFailed);
    expect(screen.queryByText(/^Wrong passphrase/)).toBeNull();
    expect(field.value).toBe('');
    expect((screen.getByRole('button', { name: T.unlock }) as HTMLButtonElement).disabled).toBe(true);
  });
});
