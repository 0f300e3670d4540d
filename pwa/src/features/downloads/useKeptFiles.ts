import { useCallback, useEffect, useState } from 'react';
import {
  canKeepFiles,
  estimateDeviceStorage,
  forgetFile,
  keepFile,
  listKeptFiles,
  type DeviceStorage,
  type KeptFile,
} from '../../lib/keptFiles';

export interface KeptFilesState {
  supported: boolean;
  /** Kept files by name (undefined while the cache is being read). */
  kept: ReadonlyMap<string, KeptFile> | undefined;
  storage: DeviceStorage | null;
  /** File names being kept right now. */
  busy: ReadonlySet<string>;
  keep(fileName: string): Promise<KeptFile>;
  remove(fileName: string): Promise<void>;
}

/**
 * The "Keep on this device" state of /downloads: which tools are in the kept-downloads
 * cache, how much the site stores on this device and whether that storage is persistent; `keep`
 * and `remove` update it.
 */
export function useKeptFiles(): KeptFilesState {
  const supported = canKeepFiles();
  const [kept, setKept] = useState<Map<string, KeptFile>>();
  const [storage, setStorage] = useState<DeviceStorage | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const refresh = useCallback(async () => {
    const [files, estimate] = await Promise.all([listKeptFiles(), estimateDeviceStorage()]);
    setKept(new Map(files.map((f) => [f.fileName, f])));
    setStorage(estimate);
  }, []);

  useEffect(() => {
    let active = true;
    Promise.all([listKeptFiles(), estimateDeviceStorage()]).then(
      ([files, estimate]) => {
        if (!active) return;
        setKept(new Map(files.map((f) => [f.fileName, f])));
        setStorage(estimate);
      },
      () => active && setKept(new Map()),
    );
    return () => {
      active = false;
    };
  }, []);

  const keep = useCallback(
    async (fileName: string) => {
      setBusy((b) => new Set(b).add(fileName));
      try {
        return await keepFile(fileName);
      } finally {
        setBusy((b) => {
          const next = new Set(b);
          next.delete(fileName);
          return next;
        });
        await refresh().catch(() => undefined);
      }
    },
    [refresh],
  );

  const remove = useCallback(
    async (fileName: string) => {
      await forgetFile(fileName);
      await refresh().catch(() => undefined);
    },
    [refresh],
  );

  return { supported, kept, storage, busy, keep, remove };
}
