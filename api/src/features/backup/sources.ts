/**
 * Where a backup reads from: the app's two file stores and, in the running app, its database and keys.
 */
import type { Config } from '../../config';
import type { Services } from '../../services';
import { createStorage } from '../../storage';
import { attachmentStorageSettings } from '../attachments/port';
import { collectSecrets, type BackupSources, type NamedStore } from './backup';

/** The app's two file stores: `files` (FILE_STORAGE) and `attachments`. */
export function storesOf(config: Pick<Config, 'dataDir' | 'storage'>): NamedStore[] {
  return [
    { name: 'files', storage: createStorage(config.storage) },
    { name: 'attachments', storage: createStorage(attachmentStorageSettings(config)) },
  ];
}

/** What the running app backs up. */
export function appBackupSources(s: Pick<Services, 'config' | 'db' | 'storage' | 'vaultKeys' | 'clock'>): BackupSources {
  return {
    db: s.db,
    engine: s.config.databaseUrl ? 'pg' : 'pglite',
    stores: [
      { name: 'files', storage: s.storage },
      { name: 'attachments', storage: createStorage(attachmentStorageSettings(s.config)) },
    ],
    secrets: collectSecrets(s.config.dataDir, s.vaultKeys, s.clock()),
  };
}

