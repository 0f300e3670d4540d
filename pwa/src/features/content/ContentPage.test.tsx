import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type ContentItem, type FileEntry } from '@portal/shared';
import { renderWithProviders, stubFetch, type RecordedRequest } from '../../lib/test-utils';
import ContentPage from './ContentPage';

afterEach(() => vi.unstubAllGlobals());

const item = (over: Partial<ContentItem>): ContentItem => ({
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Agent',
  description: null,
  type: 'installer',
  category: 'Support Tools',
  fileName: 'agent.exe',
  version: '1.0',
  platform: 'Windows',
  isActive: true,
  createdAt: '2026-03-05T10:00:00Z',
  updatedAt: '2026-03-05T10:00:00Z',
  fileSize: 2048,
  ...over,
});
const files: FileEntry[] = [{ name: 'agent.exe', type: 'application/x-msdownload', size: 2048, modified: '2026-03-05T10:00:00Z', isInstaller: true }];

function setup(onPost: (req: RecordedRequest) => [number, unknown?], route = '/admin/content') {
  const items = [item({}), item({ id: '22222222-2222-4222-8222-222222222222', title: 'Printer FAQ', type: 'document', category: 'Documentation', fileName: null, fileSize: null })];
  const stub = stubFetch((req) => {
    if (req.method === 'GET' && req.url === '/api/content') return [200, items];
    if (req.method === 'GET' && req.url === '/api/admin/files') return [200, files];
    return onPost(req);
  });
  renderWithProviders(<ContentPage />, { route });
  return stub;
}

describe('/admin/content (SPEC.md 2, 5, 8)', () => {
  it('shows the Documents, Guides and Installers tabs with counts and the items of the chosen tab', async () => {
    setup(() => [500]);
    expect(await screen.findByRole('tab', { name: 'Documents (1)' })).toBeTruthy();
    screen.getByRole('tab', { name: 'Guides (0)' });
    fireEvent.click(screen.getByRole('tab', { name: 'Installers (1)' }));
    expect(await screen.findByText('agent.exe (2.00 KB)')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Guides (0)' }));
    expect(await screen.findByText('No guides yet.')).toBeTruthy();
  });

  it('validates the form with SPEC.md texts and sends nothing', async () => {
    const { requests } = setup(() => [201]);
    await screen.findByRole('tab', { name: 'Documents (1)' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Content' });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(MSG.titleRequired)).toBeTruthy();
    within(dialog).getByText(MSG.contentTypeRequired);
    within(dialog).getByText(MSG.categoryRequired);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("opens preset to a Support Tools installer from /downloads' Add Tool, shows server field errors and 'Failed to create content item'", async () => {
    const { requests } = setup(() => [400, { message: MSG.fileNotStored, code: 'validation_failed', fieldErrors: { fileName: [MSG.fileNotStored] } }], '/admin/content?new=tool');
    const dialog = await screen.findByRole('dialog', { name: 'Add Content' });
    expect((within(dialog).getByLabelText('Type') as HTMLSelectElement).value).toBe('installer');
    expect((within(dialog).getByLabelText('Category') as HTMLSelectElement).value).toBe('Support Tools');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'New Agent' } });
    await within(dialog).findByRole('option', { name: 'agent.exe (2.00 KB)' });
    fireEvent.change(within(dialog).getByLabelText('Uploaded file (optional)'), { target: { value: 'agent.exe' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(MSG.fileNotStored)).toBeTruthy();
    expect(await screen.findByText('Failed to create content item')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({ title: 'New Agent', type: 'installer', category: 'Support Tools', fileName: 'agent.exe', isActive: true, description: null });
  });
});
