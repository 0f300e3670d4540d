/**
 * Prerendered public pages (issue 59; docs/benchmarks.md "Prerendered page intros"): for each path
 * of src/lib/pageIntros.ts the build writes `<path>/index.html`, a copy of index.html whose boot
 * placeholder holds the page's heading and intro in the page's own elements and classes, above the
 * "Loading..." line. The server sends it for that exact path (api/src/http/static.ts), so a phone
 * paints the page's largest text as soon as the HTML and the stylesheet arrive, not after React's
 * first render; main.tsx lets that paint happen before React starts, and React replaces the
 * placeholder on its first commit, as it always did. The service worker precaches these files
 * too but answers navigations with /index.html, as before (a returning visitor's JS is cached).
 */
import type { Plugin } from 'vite';
import { PAGE_INTROS, type PageIntro } from '../src/lib/pageIntros.ts';

/** index.html's boot placeholder, as the build must find it (one occurrence). */
export const BOOT = '<div class="boot" role="status"><div class="boot-bar"></div><p class="boot-text">Loading...</p></div>';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The boot placeholder of one page: its heading and intro inside its frame, then "Loading...". */
export function introBoot(intro: PageIntro): string {
  const open = intro.frame.map((c) => `<div class="${escape(c)}">`).join('');
  const close = intro.frame.map(() => '</div>').join('');
  return (
    '<div class="boot" data-prerendered><div class="boot-bar"></div><div class="main">' +
    `${open}<h1>${escape(intro.heading)}</h1><p class="${escape(intro.introClass)}">${escape(intro.intro)}</p>` +
    `<p class="boot-text" role="status">Loading...</p>${close}</div></div>`
  );
}

/** The Vite plugin (build only, after the HTML is final): emits `<path>/index.html` per intro. */
export function pageIntros(intros: Record<string, PageIntro> = PAGE_INTROS): Plugin {
  return {
    name: 'portal-page-intros',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const source = String(html.source);
      if (source.split(BOOT).length !== 2) this.error('index.html: the boot placeholder pwa/build/pageIntros.ts replaces was not found once');
      for (const [path, intro] of Object.entries(intros)) {
        this.emitFile({ type: 'asset', fileName: `${path.replace(/^\//, '')}/index.html`, source: source.replace(BOOT, introBoot(intro)) });
      }
    },
  };
}
