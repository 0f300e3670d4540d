/**
 * Bundle figures (issue 3 benchmark): gzip sizes of the PWA's entry JS (the scripts index.html
 * loads) and of every lazy route chunk, read from the built `pwa/dist`. Sizes in bytes, gzip level 9
 * (what a static server or CDN would send).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface BundleReport {
  /** Scripts referenced by index.html (module entry + modulepreloads): what /support downloads first. */
  entry: ChunkSize[];
  entryGzipTotal: number;
  /** Every other JS chunk in assets/, largest first (lazy screens). */
  chunks: ChunkSize[];
  css: ChunkSize[];
  serviceWorker: ChunkSize | null;
}

function size(dist: string, file: string): ChunkSize {
  const buf = readFileSync(join(dist, file));
  return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

/** Measures `dist` (default pwa/dist). @throws when index.html is missing (run `npm run build`). */
export function measureBundle(dist: string): BundleReport {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const referenced = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const assets = readdirSync(join(dist, 'assets')).map((f) => `assets/${f}`);
  const entry = [...referenced].map((f) => size(dist, f));
  const chunks = assets
    .filter((f) => f.endsWith('.js') && !referenced.has(f))
    .map((f) => size(dist, f))
    .sort((a, b) => b.gzip - a.gzip);
  const css = assets.filter((f) => f.endsWith('.css')).map((f) => size(dist, f));
  const sw = statSync(join(dist, 'sw.js'), { throwIfNoEntry: false }) ? size(dist, 'sw.js') : null;
  return { entry, entryGzipTotal: entry.reduce((n, c) => n + c.gzip, 0), chunks, css, serviceWorker: sw };
}
