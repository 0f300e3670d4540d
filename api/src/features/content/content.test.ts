/**
 * Content API (SPEC.md 3, 5, 7): admins create, edit and delete items; staff read (a
 * technician only the active ones); validation with the shared schema's messages; `fileName` must
 * name a stored file; `fileSize` comes from storage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type ContentItem } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { fakeExe, uploadFile } from '../../test/upload';

let t: TestApp;
let admin: string;
let tech: string;
const installer = fakeExe(5000);

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.loginAs('admin')).token;
  tech = (await t.loginAs('technician')).token;
  await uploadFile(t.url, 'agent.exe', installer, { token: admin });
});
afterAll(() => t?.close());

const tool = {
  title: 'Remote Agent',
  description: 'Attended remote support agent',
  type: 'installer',
  category: 'Support Tools',
  fileName: 'agent.exe',
  version: '4.2',
  platform: 'Windows',
};

describe('/api/content', () => {
  it('creates an item (active by default) with the size of its file, and lists it', async () => {
    const res = await t.request<ContentItem>('POST', '/api/content', { token: admin, body: tool });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ ...tool, isActive: true, fileSize: installer.length });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const list = await t.request<ContentItem[]>('GET', '/api/content', { token: tech });
    expect(list.status).toBe(200);
    expect(list.body.find((i) => i.id === res.body.id)).toMatchObject({ title: 'Remote Agent', fileSize: installer.length });
  });

  it('validates with SPEC.md texts: title, type, category, platform; empty optional fields become null', async () => {
    const bad = await t.request('POST', '/api/content', { token: admin, body: { title: '  ', type: 'video', category: 'Games', platform: 'Amiga' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({
      title: [MSG.titleRequired],
      type: [MSG.contentTypeRequired],
      category: [MSG.categoryRequired],
      platform: [MSG.platformInvalid],
    });
    const minimal = await t.request<ContentItem>('POST', '/api/content', {
      token: admin,
      body: { title: 'Printer FAQ', type: 'document', category: 'Documentation', description: '', fileName: '', version: '', platform: '' },
    });
    expect(minimal.status, minimal.text).toBe(201);
    expect(minimal.body).toMatchObject({ description: null, fileName: null, version: null, platform: null, fileSize: null });
  });

  it('refuses a file name that is not stored (400 on fileName) or unsafe', async () => {
    const missing = await t.request('POST', '/api/content', { token: admin, body: { ...tool, fileName: 'not-uploaded.exe' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.fileName).toEqual([MSG.fileNotStored]);
    const unsafe = await t.request('POST', '/api/content', { token: admin, body: { ...tool, fileName: '../agent.exe' } });
    expect(unsafe.status).toBe(400);
    expect(unsafe.body.fieldErrors.fileName[0]).toContain('..');
  });

  it('patches only the sent fields; inactive items are hidden from technicians but not from admins', async () => {
    const created = (await t.request<ContentItem>('POST', '/api/content', { token: admin, body: { ...tool, title: 'Old Agent' } })).body;
    const patched = await t.request<ContentItem>('PATCH', `/api/content/${created.id}`, { token: admin, body: { isActive: false, version: '3.9' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Old Agent', isActive: false, version: '3.9', fileName: 'agent.exe' });
    expect(Date.parse(patched.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const techList = (await t.request<ContentItem[]>('GET', '/api/content', { token: tech })).body;
    expect(techList.some((i) => i.id === created.id)).toBe(false);
    const adminList = (await t.request<ContentItem[]>('GET', '/api/content', { token: admin })).body;
    expect(adminList.some((i) => i.id === created.id)).toBe(true);

    const badFile = await t.request('PATCH', `/api/content/${created.id}`, { token: admin, body: { fileName: 'gone.exe' } });
    expect(badFile.status).toBe(400);
  });

  it('deletes an item (204) but never its file; unknown ids are 404', async () => {
    const created = (await t.request<ContentItem>('POST', '/api/content', { token: admin, body: { ...tool, title: 'Temp' } })).body;
    expect((await t.request('DELETE', `/api/content/${created.id}`, { token: admin })).status).toBe(204);
    const again = await t.request('DELETE', `/api/content/${created.id}`, { token: admin });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(MSG.contentNotFound);
    expect((await t.request('PATCH', '/api/content/not-a-uuid', { token: admin, body: {} })).status).toBe(404);
    const files = (await t.request<{ name: string }[]>('GET', '/api/admin/files', { token: admin })).body;
    expect(files.map((f) => f.name)).toContain('agent.exe');
  });

  it('lets technicians read but not write; users are refused', async () => {
    expect((await t.request('POST', '/api/content', { token: tech, body: tool })).status).toBe(403);
    const user = (await t.loginAs('user')).token;
    expect((await t.request('GET', '/api/content', { token: user })).status).toBe(403);
  });
});
