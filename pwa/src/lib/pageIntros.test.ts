/**
 * The prerendered page intros (pwa/build/pageIntros.ts): the plugin finds index.html's boot
 * placeholder, writes one `<path>/index.html` per intro with the page's texts escaped, and fails the
 * build when the placeholder changed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOT, introBoot, pageIntros } from '../../build/pageIntros';
import { PAGE_INTROS } from './pageIntros';

type Emitted = { fileName: string; source: string };

/** Runs the plugin's generateBundle on an index.html asset; returns what it emitted or the error it raised. */
function run(html: string, intros = PAGE_INTROS as Parameters<typeof pageIntros>[0]): Emitted[] {
  const emitted: Emitted[] = [];
  const plugin = pageIntros(intros);
  const context = {
    emitFile: (f: Emitted) => void emitted.push(f),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.generateBundle as unknown as (this: unknown, o: unknown, b: unknown) => void).call(context, {}, { 'index.html': { type: 'asset', source: html } });
  return emitted;
}

describe('prerendered page intros', () => {
  it('writes each page with its heading and intro in its frame, the rest of index.html unchanged', () => {
    const html = `<html><head><title>x</title></head><body><div id="root">${BOOT}</div><script type="module" src="/a.js"></script></body></html>`;
    const files = run(html);
    expect(files.map((f) => f.fileName).sort()).toEqual(['customer-support/index.html', 'login/index.html', 'support/index.html']);
    const support = files.find((f) => f.fileName === 'support/index.html')!.source;
    expect(support).toContain('<div class="page page-narrow"><h1>Submit a Support Request</h1><p class="muted">Fill in the form');
    expect(support).toContain('data-prerendered');
    expect(support).toContain('<script type="module" src="/a.js"></script>');
    expect(support).not.toContain(BOOT);
    const login = files.find((f) => f.fileName === 'login/index.html')!.source;
    expect(login).toContain('<div class="page page-auth"><div class="card form"><h1>Admin Login</h1>');
    const landing = files.find((f) => f.fileName === 'customer-support/index.html')!.source;
    expect(landing).toContain('<div class="page"><div class="hero hero-compact"><h1>Business Support Portal</h1><p class="hero-lead">Get help');
  });

  it('escapes the texts', () => {
    expect(introBoot({ heading: 'A <b> & "c"', intro: 'x > y', introClass: 'muted', frame: ['page'] })).toContain('<h1>A &lt;b&gt; &amp; &quot;c&quot;</h1><p class="muted">x &gt; y</p>');
  });

  it('fails the build when index.html has no boot placeholder to replace', () => {
    expect(() => run('<div id="root"></div>')).toThrow(/boot placeholder/);
  });

  it("finds the placeholder in the app's index.html", () => {
    const html = readFileSync(resolve(__dirname, '../../index.html'), 'utf8');
    expect(html.split(BOOT)).toHaveLength(2);
  });
});
