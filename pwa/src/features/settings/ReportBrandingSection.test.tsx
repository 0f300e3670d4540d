import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, stubFetch } from '../../lib/test-utils';
import { ReportBrandingSection } from './ReportBrandingSection';

afterEach(() => vi.unstubAllGlobals());

describe('Service report branding (issue 54 item 3)', () => {
  it('shows the saved name and logo, saves a new name, sends a logo as base64 and removes it', async () => {
    let saved = { businessName: 'Acme IT', logo: true };
    const { requests } = stubFetch((req) => {
      const body = req.body as { businessName: string; logoBase64?: string | null };
      if (req.method === 'PUT') saved = { businessName: body.businessName, logo: body.logoBase64 === null ? false : saved.logo || !!body.logoBase64 };
      return [200, saved];
    });
    renderWithProviders(<ReportBrandingSection />);
    const name = (await screen.findByDisplayValue('Acme IT')) as HTMLInputElement;
    expect(screen.getByAltText('Current logo')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Acme IT Services' } });
    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Logo (PNG, JPEG or WebP)'), { target: { files: [logo] } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings Updated');
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/settings/report-branding');
    expect(put.body).toEqual({ businessName: 'Acme IT Services', logoBase64: 'iVBORw==' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'PUT')[1]!.body).toEqual({ businessName: 'Acme IT Services', logoBase64: null });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove logo' })).toBeNull());
  });
});
