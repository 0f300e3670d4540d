/**
 * Opening the embedded PGlite database (DESIGN.md 2), shared by the in-thread driver and the PGlite
 * worker thread (db/pglite-worker.ts).
 *
 * Durability. PGlite starts PostgreSQL with `-F` (fsync=off), and its Node file system
 * (Emscripten NODEFS) implements neither fsync() nor fdatasync(): every write reaches the OS page
 * cache only. A killed process loses nothing (the kernel still writes the cache out), but a power
 * loss or OS crash can lose acknowledged commits or corrupt the cluster. By default
 * (PGLITE_FSYNC=true) the data folder is opened with fsync=on and wal_sync_method=fsync, and
 * NODEFS's fsync is wired to Node's `fs.fsyncSync`, so each commit returns only after its WAL is on
 * disk, and checkpoints flush data files before WAL is recycled, as PostgreSQL expects. A freshly
 * created cluster is flushed once. Measured cost in docs/decisions.md.
 *
 * Memory: PGlite's default shared_buffers is 128 MB of WebAssembly memory, which never
 * shrinks once touched; the portal starts it with PGLITE_SHARED_BUFFERS (16MB): pages beyond it
 * are read back from the OS page cache, which costs a file read, not a disk access.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** In-memory PGlite marker for `dataDir`. */
export const IN_MEMORY = 'memory://';

/** PGlite's shared_buffers (see module doc): enough for the hot pages of 100,000 tickets. */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** How to open the embedded database. */
export interface PgliteTarget {
  /** The data folder (DATA_DIR; the cluster lives in `dataDir/pgdata`), or {@link IN_MEMORY}. */
  dataDir: string;
  /** Flush commits to disk (see module doc); default true. Ignored in memory. */
  fsync?: boolean;
  /** Called with the file path after each real fsync (tests, metrics). */
  onFsync?: (file: string) => void;
  /**
   * In memory only: a cluster tarball written by PGlite's `dumpDataDir` to start from instead of
   * creating a new cluster (initdb takes about 2 s; loading the tests' migrated template about 1 s,
   * see api/src/test/pglite-template.ts). Ignored on disk.
   */
  template?: string;
}

/** PGlite's own start parameters (0.5.x `defaultStartParams`) after `--single` and without `-F` (fsync off). */
const BASE_START_PARAMS = [
  '-O', '-j',
  '-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false',
  '-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0', '-c', 'max_parallel_workers_per_gather=0',
  '-c', 'io_method=sync', '-c', 'max_parallel_maintenance_workers=0',
  '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];
// fdatasync() is a no-op in PGlite's Emscripten runtime; fsync() reaches NODEFS (patched below).
const DURABLE_START_PARAMS = ['--single', ...BASE_START_PARAMS, '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];
const RELAXED_START_PARAMS = ['--single', '-F', ...BASE_START_PARAMS];

/** The Emscripten pieces the fsync patch touches (not in PGlite's public types). */
interface NodeFsInternals {
  stream_ops: Record<string, unknown>;
  tryFSOperation<T>(work: () => T): T;
}

/**
 * NodeFS with a working fsync: PostgreSQL's fsync() calls end in `fs.fsyncSync` on the real file
 * descriptor (errors become Emscripten errno errors, which PostgreSQL treats as a failed fsync).
 */
class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly onFsync?: (file: string) => void,
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const { emscriptenOpts } = result;
    emscriptenOpts.preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod) => {
        const nodefs = mod.NODEFS as unknown as NodeFsInternals;
        nodefs.stream_ops.fsync = (stream: { nfd?: number; path?: string }) => {
          if (typeof stream.nfd !== 'number') return 0;
          nodefs.tryFSOperation(() => fs.fsyncSync(stream.nfd!));
          this.onFsync?.(stream.path ?? '');
          return 0;
        };
      },
    ];
    return result;
  }
}

/** True when `dataDir` (a DATA_DIR) holds no database cluster yet: opening it will create one. */
export function isNewCluster(dataDir: string): boolean {
  return dataDir !== IN_MEMORY && !fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
}

/**
 * Starts PGlite (with pg_trgm) in this thread. A fresh on-disk cluster is fsynced once when
 * durable.
 * @throws when the data folder cannot be opened.
 */
export async function startPglite(target: PgliteTarget): Promise<PGlite> {
  let options: PGliteOptions = { dataDir: IN_MEMORY, startParams: RELAXED_START_PARAMS };
  if (target.template && target.dataDir === IN_MEMORY) options.loadDataDir = new Blob([fs.readFileSync(target.template)]);
  let fresh = false;
  const durable = target.fsync !== false;
  if (target.dataDir !== IN_MEMORY) {
    const dataDir = path.join(target.dataDir, 'pgdata');
    fresh = isNewCluster(target.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    options = durable ? { fs: new DurableNodeFS(dataDir, target.onFsync), startParams: DURABLE_START_PARAMS } : { dataDir, startParams: RELAXED_START_PARAMS };
  }
  const client = await PGlite.create({ ...options, extensions: { pg_trgm } });
  if (fresh && durable && options.fs) syncTree(path.join(target.dataDir, 'pgdata'));
  return client;
}

/** fsyncs every file and folder under `dir` (a cluster PGlite just created wrote them unsynced). */
function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else if (entry.isFile()) syncPath(full, 'r');
  }
  syncPath(dir, 'r');
}

function syncPath(file: string, flags: string): void {
  const fd = fs.openSync(file, flags);
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
