import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/shared';
import { renderWithProviders, stubFetch, type RecordedRequest } from '../../lib/test-utils';
import { RecipientsSection } from './RecipientsSection';
import { SETTINGS_TEXT } from './texts';

afterEach(() => vi.unstubAllGlobals());

function setup(initial: string[], onWrite: (req: RecordedRequest, emails: string[]) => [number, unknown?]) {
  let emails = [...initial];
  const stub = stubFetch((req) => {
    if (req.method === 'GET') return [200, { emails }];
    const answer = onWrite(req, emails);
    if (answer[0] === 200) emails = (answer[1] as { emails: string[] }).emails;
    return answer;
  });
  renderWithProviders(<RecipientsSection />);
  const writes = () => stub.requests.filter((r) => r.method !== 'GET');
  return { ...stub, writes };
}

const emailInput = () => screen.getByLabelText('Email Address') as HTMLInputElement;
const addEmail = (value: string) => {
  fireEvent.change(emailInput(), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Email' }));
};
const addOk = (req: RecordedRequest, emails: string[]): [number, unknown] => [
  200,
  { emails: [...emails, (req.body as { email: string }).email].sort() },
];

describe('notification recipients (SPEC.md 5 / 8)', () => {
  it.each([
    ['', MSG.emailRequired],
    ['  ', MSG.emailRequired],
    ['not-an-email', MSG.emailInvalid],
    ['a@b', MSG.emailInvalid],
  ])('%j shows %j under the field and sends nothing', async (value, message) => {
    const { writes } = setup([], addOk);
    await screen.findByText(SETTINGS_TEXT.noRecipients);
    addEmail(value);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(writes()).toHaveLength(0);
  });

  it("adds a recipient (trimmed, lower-cased), says 'Email Added' and clears the field", async () => {
    const { writes } = setup(['ops@example.com'], addOk);
    await screen.findByText('ops@example.com');
    addEmail('  Lead@Example.com ');
    expect(await screen.findByText('Email Added')).toBeTruthy();
    expect(writes()).toEqual([expect.objectContaining({ method: 'POST', url: '/api/settings/notification-emails', body: { email: 'lead@example.com' } })]);
    const list = screen.getByRole('list', { name: 'Notification recipients' });
    expect(within(list).getByText('lead@example.com')).toBeTruthy();
    expect(emailInput().value).toBe('');
  });

  it("says 'Failed to add email. Please try again.' when the server fails", async () => {
    setup([], () => [500, { message: 'Internal server error', code: 'internal' }]);
    await screen.findByText(SETTINGS_TEXT.noRecipients);
    addEmail('lead@example.com');
    expect(await screen.findByText(SETTINGS_TEXT.addFailed)).toBeTruthy();
    expect(emailInput().value).toBe('lead@example.com');
  });

  it("removes a recipient with DELETE { email } and says 'Email Removed'", async () => {
    const { writes } = setup(['a@example.com', 'b@example.com'], (req, emails) => [
      200,
      { emails: emails.filter((e) => e !== (req.body as { email: string }).email) },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove a@example.com' }));
    expect(await screen.findByText('Email Removed')).toBeTruthy();
    expect(writes()).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/settings/notification-emails', body: { email: 'a@example.com' } })]);
    expect(screen.queryByRole('button', { name: 'Remove a@example.com' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove b@example.com' })).toBeTruthy();
  });

  it("says 'Failed to remove email. Please try again.' and keeps the row when removing fails", async () => {
    setup(['a@example.com'], () => [503, '']);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove a@example.com' }));
    expect(await screen.findByText(SETTINGS_TEXT.removeFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove a@example.com' })).toBeTruthy();
  });
});
