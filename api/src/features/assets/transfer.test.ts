/**
 * Asset CSV import and export, and QR label sheets (issue 53 items 3, 5, 9): the preview names each
 * bad row and column and writes nothing; the import creates, a re-import of the same file changes
 * nothing, a changed file updates by tag or by serial; an export imports back unchanged; the labels
 * PDF holds one QR code per asset, decoded back to the asset's URL, on both sheet sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MSG, CLIENT_MSG, type Asset, type AssetImportResult, type AssetPage, type Client } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { decodePdfQrCodes } from './pdfQr.testkit';
import { SHEETS } from './labels';

let t: TestApp;
let tech = '';
let acme: Client;
beforeAll(async () => {
  t = await startTestApp();
  tech = (await t.loginAs('technician')).token;
  acme = (await t.request<Client>('POST', '/api/clients', { token: tech, body: { name: 'Acme Dental' } })).body;
  await t.request('POST', `/api/clients/${acme.id}/sites`, { token: tech, body: { name: 'Main office' } });
  await t.request('POST', '/api/clients', { token: tech, body: { name: 'Beta Labs' } });
});
afterAll(() => t.close());

type ImportAnswer = AssetImportResult & { message?: string };
const importCsv = (csv: string, dryRun = false, clientId?: string) => t.request<ImportAnswer>('POST', `/api/assets/import${dryRun ? '?dryRun=1' : ''}`, { token: tech, body: { csv, ...(clientId ? { clientId } : {}) } });
const count = async () => Number(((await t.db.execute('select count(*)::int as n from assets' as never)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

const GOOD = [
  'Asset Tag,Name,Type,Client,Site,Make,Model,Serial Number,IP Address,MAC Address,Warranty End',
  'PRN-10,Reception printer,Printer,Acme Dental,Main office,HP,M404,SN-PRN-10,192.168.1.20,00-1a-2b-3c-4d-5e,2027-01-31',
  'LT-10,Dana laptop,laptop,acme dental,,Dell,Latitude 5440,SN-LT-10,,,2026-12-01',
  ',Server closet switch,network,Beta Labs,,Cisco,CBS250,SN-SW-10,10.0.0.2,,',
].join('\n');

describe('CSV import', () => {
  it('previews a file with bad rows: every error names its row and column, nothing is written (dry run or not)', async () => {
    const bad = [GOOD.split('\n')[0], 'X-1,Printer,printer,Acme Dental,,,,,192.168.1.300,,', 'X-2,,laptop,Nobody Inc,,,,,,,', 'X-3,Phone,phone,Acme Dental,Roof,,,,,zz:zz,', 'prn-10,Copy,printer,Acme Dental,,,,,,,', 'PRN-10,Copy again,printer,Acme Dental,,,,,,,2026-02-30', 'PRN-10,Third,printer,Acme Dental,,,,,,,'].join('\n');
    for (const dryRun of [true, false]) {
      const res = await importCsv(bad, dryRun);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The file has 5 problems: nothing was imported.');
      expect(res.body.errors).toEqual([
        { row: 2, column: 'IP Address', message: ASSET_MSG.ipInvalid },
        { row: 3, column: 'Client', message: CLIENT_MSG.notFound },
        { row: 4, column: 'Site', message: CLIENT_MSG.siteNotFound },
        { row: 6, column: 'Warranty End', message: ASSET_MSG.dateInvalid },
        { row: 7, column: 'Asset Tag', message: `${ASSET_MSG.tagTaken} (row 5)` },
      ]);
      expect(res.body.rows).toEqual([]);
    }
    expect(await count()).toBe(0);
    const header = await importCsv('Name,Colour\nPC,blue', true, acme.id);
    expect(header.body.errors).toEqual([{ row: 1, column: 'Colour', message: expect.stringMatching(/^Unknown column\. Use: Asset Tag, Name/) }]);
  });

  it('imports after the preview, then a re-import of the same file changes nothing; a changed file updates by tag or by serial', async () => {
    const preview = await importCsv(GOOD, true);
    expect(preview.status, preview.text).toBe(200);
    expect([preview.body.dryRun, preview.body.created, preview.body.updated, preview.body.unchanged]).toEqual([true, 3, 0, 0]);
    expect(preview.body.rows.map((r) => [r.row, r.action, r.assetTag])).toEqual([[2, 'create', 'PRN-10'], [3, 'create', 'LT-10'], [4, 'create', null]]);
    expect(await count()).toBe(0);

    const first = await importCsv(GOOD);
    expect([first.status, first.body.created]).toEqual([200, 3]);
    expect(first.body.assets?.find((a) => a.assetTag === 'PRN-10')).toMatchObject({ macAddress: '00:1A:2B:3C:4D:5E', type: 'printer', clientId: acme.id, siteId: expect.any(String), warrantyEnd: '2027-01-31' });
    const again = await importCsv(GOOD);
    expect([again.body.created, again.body.updated, again.body.unchanged]).toEqual([0, 0, 3]);
    expect(await count()).toBe(3);

    const changed = ['Asset Tag,Name,Serial Number,Status', 'prn-10,Reception printer (2nd floor),SN-PRN-10,in repair', ',Server closet switch,sn-sw-10,retired'].join('\n');
    const res = await importCsv(changed);
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows.map((r) => [r.action, r.changes])).toEqual([['update', ['name', 'status']], ['update', ['status']]]);
    expect(await count()).toBe(3);
    const list = (await t.request<AssetPage>('GET', '/api/assets?status=retired', { token: tech })).body.items;
    expect(list.map((a) => a.name)).toEqual(['Server closet switch']);
    expect((await importCsv(changed)).body.unchanged).toBe(2);
  });

  it('exports CSV with the import columns; the export imports back unchanged', async () => {
    const res = await t.request('GET', '/api/assets/export.csv', { token: tech });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Asset Tag,Name,Type,Client,Site,Status,Make,Model,Serial Number,IP Address,MAC Address,Operating System,Purchase Date,Warranty End,Notes');
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith('PRN-10'))).toBe('PRN-10,Reception printer (2nd floor),printer,Acme Dental,Main office,in_repair,HP,M404,SN-PRN-10,192.168.1.20,00:1A:2B:3C:4D:5E,,,2027-01-31,');
    const back = await importCsv(res.text);
    expect([back.status, back.body.created, back.body.updated, back.body.unchanged]).toEqual([200, 0, 0, 3]);
    const filtered = await t.request('GET', `/api/assets/export.csv?clientId=${acme.id}&type=laptop`, { token: tech });
    expect(filtered.text.trim().split('\r\n').slice(1).map((l) => l.split(',')[0])).toEqual(['LT-10']);
  });
});

describe('labels', () => {
  it('prints one QR label per asset (L7651 and 5160); each QR decodes to PUBLIC_URL/a/<tag>', async () => {
    const assets = (await t.request<AssetPage>('GET', '/api/assets', { token: tech })).body.items;
    const ids = assets.map((a: Asset) => a.id);
    for (const size of ['L7651', '5160'] as const) {
      const res = await fetch(`${t.url}/api/assets/labels.pdf?ids=${ids.join(',')}&size=${size}`, { headers: { authorization: `Bearer ${tech}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1')).toContain(`/MediaBox [0 0 ${SHEETS[size].page[0]} ${SHEETS[size].page[1]}]`);
      expect(decodePdfQrCodes(pdf).sort()).toEqual(assets.map((a) => `${t.config.publicUrl.replace(/\/+$/, '')}/a/${a.assetTag}`).sort());
    }
    const unknown = await t.request('GET', `/api/assets/labels.pdf?ids=${ids[0]},00000000-0000-4000-8000-000000000000`, { token: tech });
    expect([unknown.status, unknown.body.message]).toEqual([404, ASSET_MSG.notFound]);
    expect((await t.request('GET', '/api/assets/labels.pdf?ids=', { token: tech })).status).toBe(400);
  });
});
