import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_METHOD_LABELS, MSG, SEVERITY_LABELS } from '@portal/shared';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { getOfflineDb, registerOfflineFeature } from '../../offline';
import { setSyncUser } from '../../offline/model-server.testkit';
import { supportOffline } from './offline';
import { TicketForm } from './TicketForm';
import { PENDING_SUBMISSION_KEY } from './useQueuedSubmission';

// The app's OfflineSync tells the engine who is signed in; a visitor is nobody.
beforeAll(() => void registerOfflineFeature(supportOffline));
beforeEach(() => setSyncUser(null));
afterEach(async () => {
  vi.unstubAllGlobals();
  await getOfflineDb().outbox.clear();
});

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValid() {
  fill(/^Name/, 'Dana Customer');
  fill(/^Email/, 'dana@example.com');
  fill(/^Phone/, '+1 555 0100');
  fill(/^Severity/, 'high');
  fill(/Contact Method/, 'text');
  fill(/Issue Description/, 'The printer jams on every page.');
}

describe('TicketForm (SPEC.md 4 / 5)', () => {
  it('uses the SPEC.md 9 option texts', () => {
    renderWithProviders(<TicketForm />);
    expect(screen.getByRole('option', { name: SEVERITY_LABELS.urgent })).toBeTruthy();
    expect(screen.getByRole('option', { name: CONTACT_METHOD_LABELS.text })).toBeTruthy();
  });

  it('shows the SPEC.md 5 messages under the fields and sends nothing', async () => {
    const { fn } = stubFetch(() => [201, {}]);
    renderWithProviders(<TicketForm />);
    fill(/^Email/, 'not-an-email');
    fill(/Issue Description/, 'too short');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    for (const m of [MSG.nameRequired, MSG.validEmailRequired, MSG.phoneRequired, MSG.issueTooShort, MSG.severityRequired, MSG.contactMethodRequired]) {
      expect(await screen.findByText(m)).toBeTruthy();
    }
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(fn).not.toHaveBeenCalled();
  });

  it('posts the ticket with an Idempotency-Key, shows the number, and resets on Submit Another Request', async () => {
    const { requests } = stubFetch(() => [201, { id: 't1', ticketNumber: 'TKT-000042', createdAt: '2024-01-01T00:00:00Z' }]);
    renderWithProviders(<TicketForm />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));

    expect((await screen.findByTestId('ticket-number')).textContent).toBe('TKT-000042');
    expect(screen.getByText('Your ticket number is')).toBeTruthy();
    expect(await screen.findByText('Support Request Submitted')).toBeTruthy();
    expect(screen.getByText('Your ticket number is TKT-000042.')).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/tickets' });
    expect(requests[0].body).toMatchObject({ clientName: 'Dana Customer', businessName: null, severity: 'high', contactMethod: 'text', device: null });
    expect(requests[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    fireEvent.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    expect(((await screen.findByLabelText(/^Name/)) as HTMLInputElement).value).toBe('');
  });

  it('keeps a request the server did not take, shows it is saved, and resends it with the same Idempotency-Key', async () => {
    let down = true;
    const { requests } = stubFetch(() => (down ? [503, { message: 'down', code: 'internal' }] : [201, { id: 't', ticketNumber: 'TKT-000007', createdAt: '' }]));
    renderWithProviders(<TicketForm />);
    fillValid();
    fill(/Which device/, ' Reception printer ');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Request saved on this device')).toBeTruthy();
    expect(screen.getByText(/Our server had a problem taking your request/)).toBeTruthy();
    expect(screen.queryByText(/503/)).toBeNull();
    expect(localStorage.getItem(PENDING_SUBMISSION_KEY)).not.toBeNull();

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again Now' }));
    expect((await screen.findByTestId('ticket-number')).textContent).toBe('TKT-000007');
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1].headers.get('Idempotency-Key')).toBe(posts[0].headers.get('Idempotency-Key'));
    // "Which device?" (issue 53) travels in the kept request.
    expect(posts.map((p) => (p.body as { device: unknown }).device)).toEqual(['Reception printer', 'Reception printer']);
  });

  it('tells a customer over the rate limit when the request will be sent, in plain words', async () => {
    const { requests } = stubFetch(() => [429, { message: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' }, { 'Retry-After': '300' }]);
    renderWithProviders(<TicketForm />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Request saved on this device')).toBeTruthy();
    expect(screen.getByText(/too many requests from your network .* sent automatically in about 5 minutes \(at \d{1,2}:\d{2} [AP]M\)/)).toBeTruthy();
    expect(screen.queryByText(/429/)).toBeNull();
    // Trying earlier would only be refused again: no 'Try Again Now' while the server asked to wait.
    expect(screen.queryByRole('button', { name: 'Try Again Now' })).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('shows the ticket number of a request sent while the page was closed', async () => {
    stubFetch(() => [201, { id: 't9', ticketNumber: 'TKT-000009', createdAt: '' }]);
    const first = renderWithProviders(<TicketForm />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByTestId('ticket-number');
    first.unmount();

    renderWithProviders(<TicketForm />); // reopened: the remembered request is shown, not an empty form
    expect((await screen.findByTestId('ticket-number')).textContent).toBe('TKT-000009');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    expect(((await screen.findByLabelText(/^Name/)) as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem(PENDING_SUBMISSION_KEY)).toBeNull();
  });

  it("shows the server's field errors of a 400 under the fields", async () => {
    stubFetch(() => [400, { message: 'Invalid', code: 'validation_failed', fieldErrors: { customerPhone: [MSG.phoneRequired] } }]);
    renderWithProviders(<TicketForm />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(screen.getByText(MSG.phoneRequired)).toBeTruthy());
    expect(await screen.findByText('Failed to submit support request. Please try again.')).toBeTruthy();
    // The rejected request is back in the form to correct, and no longer queued.
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Dana Customer');
    await waitFor(() => expect(localStorage.getItem(PENDING_SUBMISSION_KEY)).toBeNull());
  });
});
