/**
 * The vault form's draft holds the non-secret fields only: a typed password or account number never
 * reaches IndexedDB, and the restored form has them blank (docs/offline.md "Drafts").
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/test-utils';
import { loadDraft } from '../../lib/drafts/store';
import { VaultForm } from './VaultForm';

const OWNER = '00000000-0000-4000-8000-0000000000c1';
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('VaultForm drafts', () => {
  it('keeps business, usernames and notes but never a password or account number', async () => {
    const form = () => <VaultForm online headingId="h" pending={false} onSubmit={vi.fn()} onCancel={() => undefined} draftOwner={OWNER} />;
    const first = renderWithProviders(form());
    fireEvent.change(input(/^Business Name/), { target: { value: 'Draft Dental' } });
    fireEvent.change(input(/^Router Username/), { target: { value: 'dental-admin' } });
    fireEvent.change(input(/^Router Password/), { target: { value: 'router-S3cret' } });
    fireEvent.change(input(/^ISP Account Number/), { target: { value: 'ACCT-99881' } });
    fireEvent.change(input(/^Notes/), { target: { value: 'Closet by reception' } });
    await waitFor(async () => expect(await loadDraft('vault:new', OWNER)).toEqual({ businessName: 'Draft Dental', routerUsername: 'dental-admin', notes: 'Closet by reception' }));
    first.unmount();

    renderWithProviders(form());
    await screen.findByText('Draft restored');
    expect(input(/^Business Name/).value).toBe('Draft Dental');
    expect(input(/^Router Username/).value).toBe('dental-admin');
    expect(input(/^Router Password/).value).toBe('');
    expect(input(/^ISP Account Number/).value).toBe('');
  });
});
