/**
 * The Lighthouse floor (issue 59, docs/benchmarks.md "Lighthouse against a floor"): builds two
 * reference pages into `<dist>/bench-floor/`, where the app's own server (api/src/http/static.ts)
 * serves them beside the app with the same headers and precompressed variants:
 * - `/bench-floor/` — a bare React 19 page (react + react-dom rendering a three-field form,
 *   scripts/bench/floor/main.tsx), built with the app's Vite build options (pwa/vite.config.ts: its
 *   build section and its React plugin, not the PWA, route-preload or icon plugins, which have
 *   nothing to act on in this page);
 * - `/bench-floor/plain.html` — the same form in plain HTML, no script.
 * Both are compressed like the app's files (pwa/scripts/precompress.mjs). A scratch folder of the
 * bench only: the service worker's precache list is written by the app's build and never names it.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, loadConfigFromFile, type PluginOption, type Plugin } from 'vite';

const repoRoot = resolve(import.meta.dirname, '../..');
const floorSrc = resolve(import.meta.dirname, 'floor');

/** URL paths of the floor pages, as the app's server answers them. */
export const FLOOR_PATHS = { react: '/bench-floor/', plain: '/bench-floor/plain.html' } as const;

/** Plugins of a Vite config, flattened (a plugin option may be an array, a promise or falsy). */
async function flatPlugins(options: PluginOption[] | undefined): Promise<Plugin[]> {
  const out: Plugin[] = [];
  for (const p of options ?? []) {
    const v = await p;
    if (Array.isArray(v)) out.push(...(await flatPlugins(v)));
    else if (v) out.push(v as Plugin);
  }
  return out;
}

/** Builds the floor pages into `<dist>/bench-floor/` (replacing what was there); throws when Vite fails. */
export async function buildFloor(dist: string): Promise<void> {
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, resolve(repoRoot, 'pwa/vite.config.ts'));
  if (!loaded) throw new Error('pwa/vite.config.ts not found');
  const app = loaded.config;
  const react = (await flatPlugins(app.plugins)).filter((p) => p.name.startsWith('vite:react'));
  if (react.length === 0) throw new Error("pwa/vite.config.ts has no React plugin ('vite:react-*')");
  const outDir = resolve(dist, 'bench-floor');
  await build({
    configFile: false,
    logLevel: 'warn',
    root: floorSrc,
    base: FLOOR_PATHS.react,
    plugins: react,
    build: {
      ...app.build,
      outDir,
      emptyOutDir: true,
      rolldownOptions: { treeshake: app.build?.rolldownOptions?.treeshake },
    },
  });
  copyFileSync(resolve(floorSrc, 'plain.html'), resolve(outDir, 'plain.html'));
  execFileSync(process.execPath, [resolve(repoRoot, 'pwa/scripts/precompress.mjs'), outDir], { stdio: 'ignore' });
}
