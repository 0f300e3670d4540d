import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/shared';
import { renderWithProviders, stubFetch, type RecordedRequest } from '../../lib/test-utils';
import ChangePasswordPage, { CHANGE_PASSWORD_FAILED } from './ChangePasswordPage';

afterEach(() => vi.unstubAllGlobals());

function setup(answer: (req: RecordedRequest) => [number, unknown?]) {
  const stub = stubFetch(answer);
  renderWithProviders(<ChangePasswordPage />, { route: '/change-password' });
  return stub;
}
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
function fill(current: string, next: string, confirm: string) {
  fireEvent.change(input('Current Password'), { target: { value: current } });
  fireEvent.change(input('New Password'), { target: { value: next } });
  fireEvent.change(input('Confirm New Password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('Change Password (SPEC.md 5 / 8)', () => {
  it.each([
    ['', 'new-pass-1', 'new-pass-1', MSG.currentPasswordRequired],
    ['old-pass', '12345', '12345', MSG.newPasswordTooShort],
    ['old-pass', 'new-pass-1', '', MSG.confirmPasswordRequired],
    ['old-pass', 'new-pass-1', 'new-pass-2', MSG.passwordsDontMatch],
  ])('%j / %j / %j shows %j and sends nothing', async (current, next, confirm, message) => {
    const { requests } = setup(() => [200, { message: 'Password changed' }]);
    fill(current, next, confirm);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it("sends current and new password, says 'Password Changed' and clears the form", async () => {
    const { requests } = setup(() => [200, { message: 'Password changed' }]);
    fill('old-pass', 'new-pass-1', 'new-pass-1');
    expect(await screen.findByText('Password Changed')).toBeTruthy();
    expect(requests).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/auth/change-password', body: { currentPassword: 'old-pass', newPassword: 'new-pass-1' } }),
    ]);
    expect(input('New Password').value).toBe('');
  });

  it('a wrong current password is said under the field and in the toast, without the generic sentence', async () => {
    setup(() => [
      400,
      { message: MSG.currentPasswordWrong, code: 'validation_failed', fieldErrors: { currentPassword: [MSG.currentPasswordWrong] } },
    ]);
    fill('wrong', 'new-pass-1', 'new-pass-1');
    expect(await screen.findByText(`${MSG.currentPasswordWrong}. Nothing was changed.`)).toBeTruthy();
    expect(screen.getByText(MSG.currentPasswordWrong)).toBeTruthy();
    expect(screen.queryByText(CHANGE_PASSWORD_FAILED)).toBeNull();
  });
});
