// Lint config: typescript-eslint recommended, React hooks rules, and the import boundaries of
// DESIGN.md 3 (shared <- api, shared <- pwa; inside pwa: lib/offline <- features <- app; no imports
// between features), enforced with eslint-plugin-boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

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
      'boundaries/elements': [
        { type: 'shared', pattern: 'shared/src' },
        { type: 'api', pattern: 'api/src' },
        { type: 'pwa-feature', pattern: 'pwa/src/features/*', capture: ['feature'] },
        { type: 'pwa-lib', pattern: 'pwa/src/lib' },
        { type: 'pwa-offline', pattern: 'pwa/src/offline' },
        { type: 'pwa-app', pattern: 'pwa/src/app' },
        { type: 'pwa-sw', pattern: 'pwa/src/sw' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
            { from: { element: { type: 'api' } }, allow: { to: { element: { types: { anyOf: ['shared', 'api'] } } } } },
            { from: { element: { type: 'pwa-lib' } }, allow: { to: { element: { types: { anyOf: ['shared', 'pwa-lib'] } } } } },
            { from: { element: { type: 'pwa-offline' } }, allow: { to: { element: { types: { anyOf: ['shared', 'pwa-lib', 'pwa-offline'] } } } } },
            {
              from: { element: { type: 'pwa-feature' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'pwa-lib', 'pwa-offline'] } } } },
            },
            {
              from: { element: { type: 'pwa-feature' } },
              allow: { to: { element: { type: 'pwa-feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
            },
            {
              from: { element: { type: 'pwa-app' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'pwa-lib', 'pwa-offline', 'pwa-feature', 'pwa-app'] } } } },
            },
            {
              from: { element: { type: 'pwa-sw' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'pwa-lib', 'pwa-offline', 'pwa-sw'] } } } },
            },
            { allow: { to: { module: { origin: 'external' } } } },
            { allow: { to: { module: { origin: 'core' } } } },
          ],
        },
      ],
    },
  },
  {
    files: ['pwa/src/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\.)', message: 'shared/ imports zod only (DESIGN.md 3)' }] }],
    },
  },
);
