/**
 * API memory at start: the resident set (VmRSS, MiB) of the app started like `npm run
 * serve` on the embedded database, after its FIRST start on a new data folder (PGlite creates the
 * cluster, which runs initdb in extra WebAssembly instances) and after a restart on the same folder,
 * each read 2 s after /api/health first answers. Linux only (/proc).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp } from '../server-process';
import { rssMb } from './upload-memory';

export interface StartMemory {
  firstStartMb: number;
  restartMb: number;
}

/** Starts the app twice on one new data folder and reads its memory each time. */
export async function measureStartMemory(): Promise<StartMemory> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-start-'));
  const once = async () => {
    const app = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, 120_000);
    try {
      await new Promise((r) => setTimeout(r, 2000));
      return Math.round(rssMb(app.pid));
    } finally {
      await app.stop();
    }
  };
  try {
    return { firstStartMb: await once(), restartMb: await once() };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printStartMemory(m: StartMemory): void {
  console.log('\n## API memory at start (PGlite, idle, 2 s after it answers)');
  console.log(`first start on a new data folder: ${m.firstStartMb} MiB; restart on that folder: ${m.restartMb} MiB`);
}
