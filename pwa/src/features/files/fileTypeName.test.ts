import { describe, expect, it } from 'vitest';
import { FILE_TYPES } from '@portal/shared';
import { fileTypeName } from './fileTypeName';

describe('fileTypeName', () => {
  it.each([
    ['Setup.EXE', 'Windows program'],
    ['agent.msi', 'Windows installer'],
    ['guide.pdf', 'PDF document'],
    ['logs.tar.gz', 'Gzip archive'],
    ['notes.xyz', 'XYZ file'],
    ['README', 'File'],
  ])('%s -> %s', (name, text) => expect(fileTypeName(name)).toBe(text));

  it('names every type the portal accepts in words (never a content type)', () => {
    for (const [ext, info] of Object.entries(FILE_TYPES)) {
      const name = fileTypeName(`a.${ext}`);
      expect(name).not.toContain('/');
      expect(name).not.toContain(info.mime);
    }
  });
});
