/** Maps stored objects to the shared API shape (SPEC.md 2 "File management": name, type, size, modified, isInstaller). */
import { fileTypeOf, isInstallerName } from '@portal/shared';
import type { FileEntry } from '@portal/shared';
import type { StoredObject } from '../../storage';

/** StoredObject -> FileEntry; `type` is the content type the file is served with. */
export function presentFileEntry(o: StoredObject): FileEntry {
  return {
    name: o.name,
    type: fileTypeOf(o.name)?.mime ?? 'application/octet-stream',
    size: o.size,
    modified: o.modified.toISOString(),
    isInstaller: isInstallerName(o.name),
  };
}
