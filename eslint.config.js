// Lint config: typescript-eslint recommended, React hooks rules, and the import boundaries of
// DESIGN.md 3 (shared <- api, shared <- pwa; inside pwa: lib <- offline <- features <- app; no imports
// between features; offline/index.ts is the engine's one entry), enforced with eslint-plugin-boundaries.
// Inside the API (api/README.md): lib <- db <- http, notify, events, storage <- features <- app; http,
// db, notify, events and storage import no feature; a feature imports another feature only through that
// feature's `port.ts`, and notify only through its entry `notify/index.ts`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/** Where import-x/no-cycle runs (see its block below): shared, the API and the PWA. */
const NO_CYCLE_FILES = ['shared/src/**/*.ts', 'api/src/**/*.ts', 'pwa/src/**/*.{ts,tsx}'];

const API_TYPES = ['api-root', 'api-lib', 'api-db', 'api-http', 'api-notify', 'api-events', 'api-storage', 'api-feature'];

/** Boundaries policy: `from` may import shared and the given API element types. */
function apiLayer(from, to) {
  return [{ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: ['shared', ...to] } } } } }];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'api/drizzle/**', '**/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['shared/src/**/*.ts', 'api/src/**/*.ts', 'pwa/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': ['shared/src/**/*', 'api/src/**/*', 'pwa/src/**/*'],
      // API tests and their harness drive the whole app; they stand outside the layers.
      'boundaries/ignore': ['api/src/**/*.test.ts', 'api/src/test/**/*'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'shared/src' },
        // API layers (first match wins; the catch-all api-root, for app.ts, main.ts, services.ts,
        // config.ts and logger.ts, comes last).
        { type: 'api-lib', pattern: 'api/src/lib' },
        { type: 'api-db', pattern: 'api/src/db' },
        { type: 'api-http', pattern: 'api/src/http' },
        { type: 'api-notify', pattern: 'api/src/notify' },
        { type: 'api-events', pattern: 'api/src/events' },
        { type: 'api-storage', pattern: 'api/src/storage' },
        { type: 'api-feature', pattern: 'api/src/features/*', capture: ['feature'] },
        { type: 'api-root', pattern: 'api/src' },
        { type: 'pwa-feature-offline', pattern: 'pwa/src/features/*/offline', capture: ['feature'] },
        { type: 'pwa-feature', pattern: 'pwa/src/features/*', capture: ['feature'] },
        { type: 'pwa-lib', pattern: 'pwa/src/lib' },
        { type: 'pwa-offline', pattern: 'pwa/src/offline' },
        { type: 'pwa-app', pattern: 'pwa/src/app' },
        { type: 'pwa-sw', pattern: 'pwa/src/sw' },
      ],
      'boundaries/files': [
        { category: 'test', pattern: '**/*.{test.ts,test.tsx,testkit.ts}' },
        // The composition file of the offline engine: the one list of features' offline parts,
        // imported by main.tsx and the service worker (elements are folders, so it is a file category).
        { category: 'offline-registry', pattern: 'pwa/src/offline-registry.ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
            ...apiLayer('api-lib', ['api-lib']),
            ...apiLayer('api-db', ['api-lib', 'api-db']),
            ...apiLayer('api-http', ['api-lib', 'api-db', 'api-http']),
            ...apiLayer('api-notify', ['api-lib', 'api-db', 'api-notify']),
            ...apiLayer('api-events', ['api-lib', 'api-db', 'api-events']),
            ...apiLayer('api-storage', ['api-lib', 'api-storage']),
            ...apiLayer('api-feature', ['api-lib', 'api-db', 'api-http', 'api-storage']),
            // The notification engine's one entry (api/README.md "To add an alert"): features import
            // notify/index.ts only, never its jobs, dispatcher, providers or templates.
            { from: { element: { type: 'api-feature' } }, allow: { to: { element: { type: 'api-notify', fileInternalPath: 'index.ts' } } } },
            // The domain events engine's one entry (docs/events.md): features import events/index.ts only.
            { from: { element: { type: 'api-feature' } }, allow: { to: { element: { type: 'api-events', fileInternalPath: 'index.ts' } } } },
            // a feature's own files, and another feature's port.ts (its documented public functions)
            {
              from: { element: { type: 'api-feature' } },
              allow: { to: { element: { type: 'api-feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
            },
            { from: { element: { type: 'api-feature' } }, allow: { to: { element: { type: 'api-feature', internalPath: 'port.ts' } } } },
            // configuration, the API's own paths, logger and the Services type, never app.ts or main.ts
            {
              from: { element: { types: { anyOf: ['api-lib', 'api-db', 'api-http', 'api-notify', 'api-events', 'api-storage', 'api-feature'] } } },
              allow: { to: { element: { type: 'api-root', internalPath: ['config.ts', 'logger.ts', 'paths.ts', 'services.ts'] } } },
            },
            ...apiLayer('api-root', API_TYPES),

            { from: { element: { type: 'pwa-lib' } }, allow: { to: { element: { types: { anyOf: ['shared', 'pwa-lib'] } } } } },
            // Offline engine (pwa/src/offline/README.md): names no feature. Screens and the app use
            // only its entry index.ts; features' offline modules, the registry and the service worker
            // use its worker-safe half core.ts (no React, no DOM).
            { from: { element: { type: 'pwa-offline' } }, allow: { to: { element: { types: { anyOf: ['shared', 'pwa-lib', 'pwa-offline'] } } } } },
            {
              from: { element: { type: 'pwa-feature-offline' } },
              allow: {
                to: [
                  { element: { type: 'shared' } },
                  { element: { type: 'pwa-offline', fileInternalPath: 'core.ts' } },
                  { element: { type: 'pwa-feature-offline', captured: { feature: '{{ from.element.captured.feature }}' } } },
                ],
              },
            },
            {
              from: { element: { type: 'pwa-feature' } },
              allow: {
                to: [
                  { element: { types: { anyOf: ['shared', 'pwa-lib'] } } },
                  { element: { type: 'pwa-offline', fileInternalPath: 'index.ts' } },
                  { element: { types: { anyOf: ['pwa-feature', 'pwa-feature-offline'] }, captured: { feature: '{{ from.element.captured.feature }}' } } },
                ],
              },
            },
            {
              from: { file: { categories: 'offline-registry' } },
              allow: {
                to: [
                  { element: { type: 'pwa-offline', fileInternalPath: 'core.ts' } },
                  { element: { type: 'pwa-feature-offline', fileInternalPath: 'index.ts' } },
                ],
              },
            },
            {
              from: { element: { type: 'pwa-app' } },
              allow: {
                to: [
                  { element: { types: { anyOf: ['shared', 'pwa-lib', 'pwa-feature', 'pwa-app'] } } },
                  { element: { type: 'pwa-offline', fileInternalPath: 'index.ts' } },
                ],
              },
            },
            {
              from: { element: { type: 'pwa-sw' } },
              allow: {
                to: [
                  { element: { types: { anyOf: ['shared', 'pwa-lib', 'pwa-sw', 'pwa-feature-offline'] } } },
                  { element: { type: 'pwa-offline', fileInternalPath: 'core.ts' } },
                  { file: { categories: 'offline-registry' } },
                ],
              },
            },
            // Tests: any test may use the offline test kit; the engine's own tests drive it with the
            // features registered as the app registers them.
            {
              from: { file: { categories: 'test' } },
              allow: { to: { element: { type: 'pwa-offline', fileInternalPath: '*.testkit.ts' } } },
            },
            {
              from: { element: { type: 'pwa-offline' }, file: { categories: 'test' } },
              allow: { to: [{ file: { categories: 'offline-registry' } }, { element: { type: 'pwa-feature-offline' } }] },
            },
            { allow: { to: { module: { origin: 'external' } } } },
            { allow: { to: { module: { origin: 'core' } } } },
          ],
        },
      ],
    },
  },
  {
    // No circular imports (team guide): import-x/no-cycle follows value imports (it skips type-only
    // ones, which api/src/architecture.test.ts scans for the trees it lists). Globs: NO_CYCLE_FILES.
    files: NO_CYCLE_FILES,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['pwa/src/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // A feature's offline part runs in the service worker too (offline-registry.ts): no React, no UI.
    files: ['pwa/src/features/*/offline/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(react|react-dom|dexie-react-hooks|@ionic/|@tanstack/react|react-)', message: 'features/*/offline runs in the service worker: no React (pwa/src/offline/README.md)' }] },
      ],
    },
  },
  {
    // The offline engine and lib/ are loaded by the public pages (the support form's queue, the
    // status and survey pages): an Ionic import there made every public page download and evaluate
    // Ionic React (docs/benchmarks.md "Lighthouse against a floor"). Icons: lib/ui/Icon.
    files: ['pwa/src/offline/**/*.{ts,tsx}', 'pwa/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.testkit.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@ionic/', message: 'offline/ and lib/ are loaded by the public pages: no Ionic (use lib/ui/Icon; docs/benchmarks.md "Lighthouse against a floor")' }] },
      ],
    },
  },
  {
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|@date-fns/tz$|libphonenumber-js$|mustache$|rrule$|\\.)', message: 'shared/ imports zod, @date-fns/tz (the SLA clock\'s time zones), libphonenumber-js (E.164 phones), mustache (reply variables) and rrule (recurring tickets) only (DESIGN.md 3)' }] }],
    },
  },
);
