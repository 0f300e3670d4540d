/**
 * Where the API's own files are. Resolved from this module's URL, which is one folder
 * below `api/` both when the API runs from its TypeScript sources (`api/src/paths.ts`, under tsx or
 * vitest) and when it runs from its bundle (`api/dist/main.js`, built by scripts/build-api.ts, where
 * every module shares the bundle's URL). Files found relative to their own module would break in the
 * bundle: resolve them from here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `api/` folder. */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Repository root (the folder holding `api/`, `pwa/` and `shared/`). */
export const REPO_ROOT = path.resolve(API_ROOT, '..');
