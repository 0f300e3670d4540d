import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type PublicUser } from '@portal/shared';
import { AuthProvider } from '../../lib/auth';
import { saveSession } from '../../lib/session';
import { renderWithProviders, stubFetch, type RecordedRequest } from '../../lib/test-utils';
import { USERS_TEXT } from './texts';
import UsersPage from './UsersPage';

afterEach(() => vi.unstubAllGlobals());

const me: PublicUser = { id: 'u-admin', username: 'admin', email: null, role: 'admin', createdAt: '2024-01-02T10:00:00Z' };
const tina: PublicUser = { id: 'u-tina', username: 'tina', email: 'tina@example.com', role: 'technician', createdAt: '2024-02-03T10:00:00Z' };
const boss: PublicUser = { id: 'u-boss', username: 'boss', email: null, role: 'admin', createdAt: '2024-02-04T10:00:00Z' };

/** Renders /admin signed in as `me`; `onWrite` answers every non-GET request. */
function setup(onWrite: (req: RecordedRequest) => [number, unknown?], initial: PublicUser[] = [me, boss, tina]) {
  saveSession({ user: me, token: 't' });
  const users = [...initial];
  const stub = stubFetch((req) => {
    if (req.url === '/api/auth/me') return [200, { user: me }];
    if (req.method === 'GET') return [200, users];
    return onWrite(req);
  });
  renderWithProviders(
    <AuthProvider>
      <UsersPage />
    </AuthProvider>,
    { route: '/admin' },
  );
  return { ...stub, writes: () => stub.requests.filter((r) => r.method !== 'GET') };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('User Management (SPEC.md 2, 5, 8)', () => {
  it('lists users; the admin user and your own row have no Delete', async () => {
    setup(() => [500]);
    expect(await screen.findByText('tina')).toBeTruthy();
    expect(screen.getByRole('heading', { name: USERS_TEXT.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete tina' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete boss' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete admin' })).toBeNull();
    expect(screen.getByRole('link', { name: 'tina@example.com' }).getAttribute('href')).toBe('mailto:tina@example.com');
  });

  it("creates a user with role technician by default and says 'User Created'", async () => {
    const { writes } = setup((req) => [201, { ...(req.body as object), id: 'new', email: null, createdAt: '2024-03-01T00:00:00Z' }]);
    await screen.findByText('tina');
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Role') as HTMLSelectElement).value).toBe('technician');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText(MSG.usernameRequired)).toBeTruthy();
    expect(within(dialog).getByText(MSG.passwordRequired)).toBeTruthy();
    expect(writes()).toHaveLength(0);

    type('Username', 'newtech');
    type('Password', 'secret-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(USERS_TEXT.created)).toBeTruthy();
    expect(writes()).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/users', body: { username: 'newtech', password: 'secret-1', email: null, phone: null, role: 'technician' } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's reason under the field and in 'Failed to create user'", async () => {
    setup(() => [409, { message: MSG.usernameTaken, code: 'conflict', fieldErrors: { username: [MSG.usernameTaken] } }]);
    await screen.findByText('tina');
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    type('Username', 'tina');
    type('Password', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(USERS_TEXT.createFailed)).toBeTruthy();
    expect(screen.getAllByText(MSG.usernameTaken).length).toBe(2); // toast and field
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edits only changed fields; a blank password is not sent', async () => {
    const { writes } = setup((req) => [200, { ...tina, ...(req.body as object) }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit tina' }));
    expect(field('Username').value).toBe('tina');
    expect(screen.getByText(USERS_TEXT.keepPassword)).toBeTruthy();
    type('Role', 'admin');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(USERS_TEXT.updated)).toBeTruthy();
    expect(writes()).toEqual([expect.objectContaining({ method: 'PATCH', url: '/api/users/u-tina', body: { role: 'admin' } })]);
  });

  it('sets a technician\'s own phone (for {{technician.phone}}) and refuses letters', async () => {
    const { writes } = setup((req) => [200, { ...tina, ...(req.body as object) }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit tina' }));
    expect(screen.getByText(USERS_TEXT.phoneHint)).toBeTruthy();
    type('Phone', 'call me');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please enter a valid phone number.')).toBeTruthy();
    type('Phone', '+1 555 010 0177');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(USERS_TEXT.updated)).toBeTruthy();
    expect(writes()).toEqual([expect.objectContaining({ method: 'PATCH', url: '/api/users/u-tina', body: { phone: '+1 555 010 0177' } })]);
  });

  it("sends a new password and shows a refusal as 'Failed to update user' with the server's message", async () => {
    const { writes } = setup(() => [400, { message: 'The last admin cannot be demoted', code: 'validation_failed' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit tina' }));
    type('New Password', 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(USERS_TEXT.updateFailed)).toBeTruthy();
    expect(screen.getByText('The last admin cannot be demoted')).toBeTruthy();
    expect(writes()[0].body).toEqual({ password: 'brand-new-1' });
  });

  it("deletes after confirmation and says 'User Deleted'; Cancel sends nothing", async () => {
    const { writes } = setup(() => [204]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete tina' }));
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText(/cannot be undone/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(writes()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete tina' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(USERS_TEXT.deleted)).toBeTruthy();
    expect(writes()).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/users/u-tina' })]);
  });

  it("says 'Failed to delete user' with the reason when the server refuses", async () => {
    setup(() => [400, { message: 'The last admin cannot be deleted', code: 'validation_failed' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete boss' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(USERS_TEXT.deleteFailed)).toBeTruthy();
    expect(screen.getByText('The last admin cannot be deleted')).toBeTruthy();
    expect(screen.getByText('boss')).toBeTruthy();
  });
});
