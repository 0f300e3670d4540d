import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, SUPPORT_SMS_NUMBER_KEY } from '@portal/shared';
import { renderWithProviders, stubFetch, type RecordedRequest } from '../../lib/test-utils';
import { SupportNumberSection } from './SupportNumberSection';
import { SETTINGS_TEXT } from './texts';

afterEach(() => vi.unstubAllGlobals());

const setting = (value: string | null) => ({ key: SUPPORT_SMS_NUMBER_KEY, value, description: null, updatedAt: null });

/** Answers GET of the saved number with `saved`, and the rest with `onOther`. */
function setup(saved: string | null, onOther: (req: RecordedRequest) => [number, unknown?] = () => [500]) {
  const stub = stubFetch((req) => (req.method === 'GET' ? [200, setting(saved)] : onOther(req)));
  renderWithProviders(<SupportNumberSection />);
  const posts = () => stub.requests.filter((r) => r.method === 'POST');
  return { ...stub, posts };
}

const phoneInput = () => screen.getByLabelText('Phone Number') as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Number' }));

describe('support SMS number (SPEC.md 5 / 8)', () => {
  it.each([
    ['', MSG.phoneNumberRequired],
    ['   ', MSG.phoneNumberRequired],
    ['call me', MSG.phoneNumberInvalid],
    ['555-0100 ext. 7', MSG.phoneNumberInvalid],
  ])('%j shows %j under the field and sends nothing', async (value, message) => {
    const { posts } = setup(null);
    await waitFor(() => expect(phoneInput().disabled).toBe(false));
    fireEvent.change(phoneInput(), { target: { value } });
    save();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(phoneInput().getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });

  it("prefills the saved number, saves a new one and says 'Settings Updated'", async () => {
    const { posts } = setup('+1 555 0100', (req) => [200, setting((req.body as { value: string }).value)]);
    await waitFor(() => expect(phoneInput().value).toBe('+1 555 0100'));
    fireEvent.change(phoneInput(), { target: { value: ' +1 (555) 010-0200 ' } });
    save();
    expect(await screen.findByText('Settings Updated')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({ url: '/api/settings/system' });
    expect(posts()[0].body).toMatchObject({ key: SUPPORT_SMS_NUMBER_KEY, value: '+1 (555) 010-0200' });
    expect(await screen.findByText('Saved: +1 (555) 010-0200')).toBeTruthy();
  });

  it("says 'Failed to update settings. Please try again.' when saving fails, with the server's field message", async () => {
    setup(null, () => [400, { message: 'Invalid', code: 'validation_failed', fieldErrors: { value: [MSG.phoneNumberInvalid] } }]);
    await waitFor(() => expect(phoneInput().disabled).toBe(false));
    fireEvent.change(phoneInput(), { target: { value: '555 0100' } });
    save();
    expect(await screen.findByText(SETTINGS_TEXT.updateFailed)).toBeTruthy();
    expect(screen.getByText(MSG.phoneNumberInvalid)).toBeTruthy();
  });

  it("Test SMS without a saved number says 'Please save a phone number before testing SMS.' and sends nothing", async () => {
    const { posts } = setup(null);
    await screen.findByText('No number saved yet.');
    fireEvent.change(phoneInput(), { target: { value: '+1 555 0100' } }); // typed but not saved
    fireEvent.click(screen.getByRole('button', { name: 'Test SMS' }));
    expect(await screen.findByText(MSG.testSmsNeedsNumber)).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it("Test SMS with a saved number posts {} and says 'Test SMS Sent'", async () => {
    const { posts } = setup('+1 555 0100', () => [200, { message: MSG.testSmsSent }]);
    await screen.findByText('Saved: +1 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Test SMS' }));
    expect(await screen.findByText('Test SMS Sent')).toBeTruthy();
    expect(posts()).toEqual([expect.objectContaining({ url: '/api/settings/test-sms', body: {} })]);
  });

  it("a provider failure (502) says 'SMS Test Failed' with SPEC.md 8's text", async () => {
    setup('+1 555 0100', () => [502, { message: 'SMS provider error', code: 'provider_failed' }]);
    await screen.findByText('Saved: +1 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Test SMS' }));
    expect(await screen.findByText('SMS Test Failed')).toBeTruthy();
    expect(screen.getByText(SETTINGS_TEXT.smsTestFailed)).toBeTruthy();
  });

  it("the server's 400 (number removed meanwhile) shows its message", async () => {
    setup('+1 555 0100', () => [400, { message: MSG.testSmsNeedsNumber, code: 'validation_failed' }]);
    await screen.findByText('Saved: +1 555 0100');
    fireEvent.click(screen.getByRole('button', { name: 'Test SMS' }));
    expect(await screen.findByText(MSG.testSmsNeedsNumber)).toBeTruthy();
  });
});
