import { describe, expect, it } from 'vitest';
import { DOWNLOAD_CATALOGUE, isCatalogueFileName } from './downloads';
import { fileExtension, fileNameProblem, fileTooLargeMessage, isInstallerName, opensInTab } from './files';
import { contentItemCreateSchema, contentItemPatchSchema } from '../schemas/content';
import { MSG } from '../messages';

describe('fileNameProblem (safe names, nothing rewritten)', () => {
  it.each(['setup.exe', 'Field Agent (x64) 3.1.msi', 'Überweisung_2024.pdf', 'a.b.c.tar', 'notes+todo,v2.txt', '7z-tools.7z'])('accepts %j', (name) => {
    expect(fileNameProblem(name)).toBeNull();
  });
  it.each([
    ['', 'File name is required'],
    ['../x.txt', 'folders'],
    ['a/b.txt', 'folders'],
    ['a\\b.txt', 'folders'],
    ['x..txt', 'folders'],
    ['.env.txt', 'Hidden files'],
    ['-rf.txt', 'must start with a letter or digit'],
    ['tab\there.txt', 'may only contain'],
    ['bell\u0007.txt', 'may only contain'],
    ['a<b>.html', 'may only contain'],
    ['trailing.txt ', 'must not end with a space'],
    ['nul.txt', 'reserved by Windows'],
    ['COM1.exe', 'reserved by Windows'],
    ['script.php', 'Files of type .php are not allowed'],
    ['Makefile', 'needs an extension'],
    [`${'a'.repeat(150)}.txt`, 'at most 150'],
  ])('refuses %j (%s)', (name, message) => {
    expect(fileNameProblem(name)).toContain(message);
  });
  it('knows installers and pages that open in a tab', () => {
    expect(fileExtension('Setup.EXE')).toBe('exe');
    expect(isInstallerName('Setup.EXE')).toBe(true);
    expect(isInstallerName('guide.pdf')).toBe(false);
    expect(opensInTab('page.HTML')).toBe(true);
    expect(opensInTab('logo.svg')).toBe(true);
    expect(opensInTab('doc.pdf')).toBe(false);
  });
  it('words the 413 with the limit in MB', () => {
    expect(fileTooLargeMessage(512 * 1024 * 1024)).toBe('File is too large. The upload limit is 512 MB.');
  });
});

describe('the downloads catalogue (SPEC.md 2: six fixed entries)', () => {
  it('has six entries with safe, reserved names, versions and sizes', () => {
    expect(DOWNLOAD_CATALOGUE).toHaveLength(6);
    for (const e of DOWNLOAD_CATALOGUE) {
      expect(fileNameProblem(e.fileName)).toBeNull();
      expect(isCatalogueFileName(e.fileName.toUpperCase())).toBe(true);
      expect(e.version).not.toBe('');
      expect(e.size).toBeGreaterThan(0);
    }
    expect(isCatalogueFileName('my-tool.exe')).toBe(false);
  });
});

describe('content item schemas (SPEC.md 3, 9)', () => {
  it('requires title, type and category with SPEC texts and defaults to active', () => {
    const r = contentItemCreateSchema.safeParse({ title: ' ', type: 'x', category: 'y' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining([MSG.titleRequired, MSG.contentTypeRequired, MSG.categoryRequired]));
    const ok = contentItemCreateSchema.parse({ title: ' Agent ', type: 'installer', category: 'Support Tools', version: '', platform: '' });
    expect(ok).toEqual({ title: 'Agent', type: 'installer', category: 'Support Tools', description: null, fileName: null, version: null, platform: null, isActive: true });
  });
  it('patches any subset; null or "" clears; an unsafe file name is refused', () => {
    expect(contentItemPatchSchema.parse({})).toEqual({});
    expect(contentItemPatchSchema.parse({ fileName: '', isActive: false })).toEqual({ fileName: null, isActive: false });
    expect(contentItemPatchSchema.safeParse({ fileName: '../x.exe' }).success).toBe(false);
    expect(contentItemPatchSchema.safeParse({ platform: 'Amiga' }).error?.issues[0]?.message).toBe(MSG.platformInvalid);
  });
});
