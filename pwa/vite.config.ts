import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pageIntros } from './build/pageIntros.ts';

/**
 * Build of the PWA (DESIGN.md 2/3): React, and vite-plugin-pwa building our own service worker
 * (src/sw/sw.ts, injectManifest) that precaches the app shell, answers deep links with /index.html
 * (never /api/*), replays the outbox on Background Sync and shows web push notifications.
 * Output goes to pwa/dist, which the API serves with an SPA fallback.
 */
const buildId = process.env.BUILD_ID ?? new Date().toISOString();

/** Ionic's ESM modules only register components when used, so they may be dropped when unused. */
const SIDE_EFFECT_FREE = /node_modules[\\/](@ionic[\\/](core|react)|ionicons)[\\/].*\.js$/;

/**
 * Chunk groups of the public forms' code (the public-route JavaScript budget, docs/benchmarks.md):
 * react-hook-form with the lazy resolver ('forms', every form page, not / or /status/:token).
 */
const FORMS = /node_modules[\\/]react-hook-form[\\/]|src[\\/]lib[\\/]lazyResolver\.ts$/;

/** The customer's support form (/support, /customer-support) and its drafts: one chunk instead of five small ones. */
const SUPPORT_FORM = /src[\\/](features[\\/]support[\\/](TicketForm|TicketFields|useQueuedSubmission)\.tsx?|lib[\\/]drafts[\\/](useDraft|DraftNotice|owner)\.tsx?)$/;

/**
 * The query cache (TanStack Query and the app's client, lib/queries.tsx loads it with the screens that
 * use it): one chunk instead of six that rolldown shared with staff chunks (2-3 KB less for /status/:token).
 */
const QUERIES = /(node_modules[\\/]@tanstack[\\/](query-core|react-query|query-persist-client-core|react-query-persist-client|query-sync-storage-persister)[\\/]|src[\\/]lib[\\/](queryClient|persister)\.ts$)/;

/** Small helpers of several public pages (status, survey, support, login): one chunk instead of four. */
const PUBLIC_HELPERS = /(src[\\/]lib[\\/](ui[\\/]FormField|lazyModule|lazyBridge|publicWrite|pageIntros)\.tsx?|shared[\\/]src[\\/]lostLinkText\.ts)$/;

/**
 * Public routes whose page is a lazy chunk (app/AppRoutes.tsx), by path; a `:name` segment
 * matches any one segment (the status link's token).
 */
const ROUTE_PAGES: Record<string, string> = {
  '/': 'src/features/home/HomePage.tsx',
  '/customer-support': 'src/features/support/CustomerSupportPage.tsx',
  '/login': 'src/features/auth/LoginPage.tsx',
  '/support': 'src/features/support/SupportPage.tsx',
  '/survey': 'src/features/survey/SurveyPage.tsx',
  '/status/:token': 'src/features/ticket-status/StatusPage.tsx',
};

/**
 * Modules no public page may import statically (they load on idle or on use): zod (about 26 KB gzip,
 * the forms' validation through lib/lazyResolver), Dexie and Ionic. A public page importing a zod
 * schema module for a text constant put zod before /status/:token was usable (issue 58: 133 KB
 * against the 120 KB budget); the build now fails instead.
 */
const NOT_BEFORE_USABLE = /node_modules[\\/](zod|dexie|@ionic)[\\/].*\.[cm]?js$/;

/**
 * TanStack Query's core (about 11 KB gzip): loaded with the screens that use the query cache
 * (src/lib/queries.tsx), so neither the entry nor a public form page may import it statically
 * (issue 58: the form pages' 110 KB). Only the pages of {@link QUERY_ROUTES} read through it.
 */
const QUERY_CORE = /node_modules[\\/](.*[\\/])?@tanstack[\\/]query-core[\\/]/;

/** Public routes whose page reads through the query cache (the status link's persisted view). */
const QUERY_ROUTES = new Set(['/status/:token']);

/**
 * Route-specific modulepreload: index.html is the same file for every path, so it can
 * only preload what every page needs. This plugin writes `assets/route-preload-[hash].js`, a tiny
 * script loaded `async` before the entry that adds `<link rel="modulepreload">` for the chunks of
 * the current path's lazy page (e.g. /login's LoginPage, /status/<token>'s StatusPage), so they download beside the entry
 * instead of after it. A file, not an inline script: the app's Content-Security-Policy allows only
 * same-origin scripts. Fails the build when a public route's static closure holds a module of
 * {@link NOT_BEFORE_USABLE}, or of {@link QUERY_CORE} (in the entry, or for a page not in {@link QUERY_ROUTES}).
 */
function routePreload(): Plugin {
  return {
    name: 'portal-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: Rolldown.OutputChunk): string[] => {
        const seen = new Set<string>();
        const walk = (c: Rolldown.OutputChunk) => {
          if (seen.has(c.fileName)) return;
          seen.add(c.fileName);
          for (const i of c.imports) {
            const next = byName.get(i);
            if (next) walk(next);
          }
        };
        walk(start);
        return [...seen];
      };
      const entry = chunks.find((c) => c.isEntry); // index.html's module script (src/main.tsx)
      if (!entry) return;
      const initial = new Set(closure(entry));
      const routes: Record<string, string[]> = {};
      for (const [path, page] of Object.entries(ROUTE_PAGES)) {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(page));
        if (!chunk) continue;
        const files = closure(chunk);
        const banned = (file: string) => (m: string) => NOT_BEFORE_USABLE.test(m) || (QUERY_CORE.test(m) && (initial.has(file) || !QUERY_ROUTES.has(path)));
        const heavy = [...initial, ...files].flatMap((f) => (byName.get(f)?.moduleIds ?? []).filter(banned(f)).map((m) => `${f}: ${m}`));
        if (heavy.length > 0) {
          this.error(`${path} imports statically a module public pages load only on idle or on use (docs/benchmarks.md, public-route budget):\n  ${heavy.slice(0, 5).join('\n  ')}`);
        }
        routes[path] = files.filter((f) => !initial.has(f)).map((f) => `/${f}`);
      }
      // Paths with a `:name` segment as [regular expression, key], tried when no path matches exactly.
      const patterns = Object.keys(routes)
        .filter((p) => p.includes(':'))
        .map((p) => [`^${p.replace(/:[^/]+/g, '[^/]+')}$`, p]);
      const source =
        `(function(){var r=${JSON.stringify(routes)},q=${JSON.stringify(patterns)},p=location.pathname.replace(/\\/+$/,'')||'/',l=r[p];` +
        `for(var j=0;!l&&j<q.length;j++)if(new RegExp(q[j][0]).test(p))l=r[q[j][1]];l=l||[];` +
        `for(var i=0;i<l.length;i++){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=l[i];document.head.appendChild(e);}})();`;
      const ref = this.emitFile({ type: 'asset', name: 'route-preload.js', source });
      const tag = `<script async src="/${this.getFileName(ref)}"></script>\n    <script type="module"`;
      html.source = String(html.source).replace('<script type="module"', tag);
    },
  };
}

/**
 * Each Ionicons icon as its own module. `ionicons/icons` is one module of ~1,350
 * constants; a bundler places a module in one chunk, so every icon any lazy page uses (the home
 * page's, the admin menu's, ...) landed in the entry with the header's five. This plugin rewrites
 * `import { a, b as c } from 'ionicons/icons'` in our sources into one virtual module per icon
 * (its SVG data URL, read from Ionicons' own file), so an icon ships with the chunk that uses it.
 */
function ioniconsPerIcon(): Plugin {
  const PREFIX = '\0ionicon:';
  let icons: Promise<Map<string, string>> | null = null;
  return {
    name: 'portal-ionicons-per-icon',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes("'ionicons/icons'")) return null;
      return code.replace(/import\s*\{([^}]*)\}\s*from\s*'ionicons\/icons';?/g, (_all, list: string) =>
        list
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .map((n) => {
            const [name, local = name] = n.split(/\s+as\s+/);
            return `import ${local} from '${PREFIX}${name}';`;
          })
          .join('\n'),
      );
    },
    resolveId: (id) => (id.startsWith(PREFIX) ? id : null),
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      icons ??= this.resolve('ionicons/icons').then((resolved) => {
        if (!resolved) throw new Error('ionicons/icons not found');
        const source = readFileSync(resolved.id, 'utf8');
        return new Map([...source.matchAll(/^export const (\w+) = (".*");?$/gm)].map((m) => [m[1]!, m[2]!]));
      });
      const name = id.slice(PREFIX.length);
      const value = (await icons).get(name);
      if (value === undefined) this.error(`ionicons/icons has no icon '${name}'`);
      return `export default ${value};`;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  plugins: [
    react(),
    ioniconsPerIcon(),
    routePreload(),
    pageIntros(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'IT Support Portal',
        short_name: 'IT Support',
        description: 'Submit IT support requests and work support tickets, online or offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1d4ed8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
    }),
  ],
  server: {
    // The API (api/src/main.ts) on its default port; API_URL points elsewhere.
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No modulepreload polyfill in the entry (issue 58: bytes before a public page is usable). Every
    // browser the app supports runs without it; only browsers without `<link rel="modulepreload">`
    // (Safari before 17, Firefox before 115) fetch a page's chunks when they are imported instead of
    // beside the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id),
      },
      output: {
        // Everything the entry imports statically (what every page needs first) in one file:
        // fewer requests and one gzip context, about 1 KB smaller than nine shared chunks. The
        // public forms' groups take only the modules they name (not their imports: a group with
        // them pulled Dexie in), instead of rolldown's many small shared chunks (2.5 KB more for /support).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'forms', test: FORMS, includeDependenciesRecursively: false },
            { name: 'support-form', test: SUPPORT_FORM, includeDependenciesRecursively: false },
            { name: 'public', test: PUBLIC_HELPERS, includeDependenciesRecursively: false },
            { name: 'queries', test: QUERIES, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
