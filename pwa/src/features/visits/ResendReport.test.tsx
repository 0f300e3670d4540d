import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { NO_CONNECTION_TEXT } from '../../lib/connection';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { ResendReport } from './ResendReport';

const VISIT = '0b6f3f0e-1c1d-4a57-9d7c-2d8a9f6a1b22';

afterEach(() => vi.unstubAllGlobals());

describe('Resend report (issue 54 item 3)', () => {
  it('sends one request per click, each with its own Idempotency-Key, and is disabled while one runs', async () => {
    let release: () => void = () => {};
    const { requests } = stubFetch(() => new Promise((done) => (release = () => done([202, { message: 'The service report will be e-mailed to the customer again.' }]))));
    renderWithProviders(<ResendReport visitId={VISIT} />);
    const button = screen.getByRole('button', { name: 'Resend report' });
    fireEvent.click(button);
    await screen.findByRole('button', { name: 'Sending...' });
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Sending...' }));
    release();
    await screen.findByText('Report Sent');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend report' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    release();
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', `/api/visits/${VISIT}/resend`],
      ['POST', `/api/visits/${VISIT}/resend`],
    ]);
    const keys = requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("shows the server's refusal", async () => {
    stubFetch(() => [409, { message: 'This ticket has no customer e-mail address to send the report to.' }]);
    renderWithProviders(<ResendReport visitId={VISIT} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend report' }));
    expect(await screen.findByText('This ticket has no customer e-mail address to send the report to.')).toBeTruthy();
  });

  it('says the server was not reached when the request got no answer, never the browser\'s own message', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<ResendReport visitId={VISIT} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend report' }));
    expect(await screen.findByText(NO_CONNECTION_TEXT)).toBeTruthy();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
  });
});
