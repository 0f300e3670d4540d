import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_METHOD_LABELS, MSG, SEVERITY_LABELS } from '@portal/shared';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { TicketForm } from './TicketForm';

afterEach(() => vi.unstubAllGlobals());

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
    expect(screen.getByText('Support Request Submitted')).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/tickets' });
    expect(requests[0].body).toMatchObject({ clientName: 'Dana Customer', businessName: null, severity: 'high', contactMethod: 'text' });
    expect(requests[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    fireEvent.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });

  it('reuses the Idempotency-Key when the same values are retried after a failure', async () => {
    let fail = true;
    const { requests } = stubFetch(() => (fail ? [503, { message: 'down', code: 'internal' }] : [201, { id: 't', ticketNumber: 'TKT-000007', createdAt: '' }]));
    renderWithProviders(<TicketForm />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Failed to submit support request. Please try again.')).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByTestId('ticket-number');
    expect(requests).toHaveLength(2);
    expect(requests[1].headers.get('Idempotency-Key')).toBe(requests[0].headers.get('Idempotency-Key'));
  });

  it("shows the server's field errors of a 400 under the fields", async () => {
    stubFetch(() => [400, { message: 'Invalid', code: 'validation_failed', fieldErrors: { customerPhone: [MSG.phoneRequired] } }]);
    renderWithProviders(<TicketForm />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(screen.getByText(MSG.phoneRequired)).toBeTruthy());
    expect(screen.getByText('Failed to submit support request. Please try again.')).toBeTruthy();
  });
});
