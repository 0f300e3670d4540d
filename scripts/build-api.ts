/**
 * Builds the API for `npm run serve`: esbuild bundles api/src/main.ts, the PGlite worker
 * (api/src/db/pglite-worker.ts) and the image process (api/src/features/attachments/image-worker.ts)
 * with the workspace's own TypeScript (@portal/shared) into api/dist/main.js, pglite-worker.js and
 * image-worker.js; npm packages stay external (node_modules).
 *
 * Why: run from TypeScript, tsx's loader and its transformed sources sit in the API's thread and
 * again in the PGlite worker's; the bundle runs on plain `node`, about 90 MB smaller (README
 * "Decisions", measured with scripts/bench/api.ts). Paths the API reads at run time are resolved
 * from api/src/paths.ts, which is one folder below `api/` in both forms.
 *
 * Output files are written to a temporary name and renamed, so a process starting the API while
 * another build runs (parallel test files, scripts/server-process.ts) never reads half a file.
 * Run: `npm run build` (also builds the PWA) or `npx tsx scripts/build-api.ts`. Takes < 1 s.
 */
import { build, type Plugin } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repoRoot = resolve(import.meta.dirname, '..');

/** Where the bundle goes: `api/dist/main.js` (the entry `npm run serve` runs) and the workers beside it. */
export const API_DIST = join(repoRoot, 'api', 'dist');

/** npm packages stay imports resolved from node_modules at run time; workspace packages are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Bundles the API into {@link API_DIST}.
 * @throws when esbuild reports an error (a syntax error, an unresolved relative import).
 */
export async function buildApi(): Promise<void> {
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: { main: 'api/src/main.ts', 'pglite-worker': 'api/src/db/pglite-worker.ts', 'image-worker': 'api/src/features/attachments/image-worker.ts' },
    outdir: API_DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages],
    write: false,
    logLevel: 'warning',
  });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildApi();
  console.log(`API built into ${API_DIST}`);
}
