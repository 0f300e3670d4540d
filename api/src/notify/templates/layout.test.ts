/**
 * The shared e-mail layout: escaping of every user text, one-line cuts for SMS and push,
 * and the plain-text and HTML parts of emailContent.
 */
import { describe, expect, it } from 'vitest';
import { emailContent, escapeHtml, shorten } from './layout';
import { TEST_BRAND as brand } from '../../test/render';

describe('escapeHtml and shorten', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('keeps short text and cuts long text on one line', () => {
    expect(shorten('a\n b', 10)).toBe('a b');
    expect(shorten('abcdefghijkl', 8)).toBe('abcde...');
  });
});

describe('emailContent', () => {
  it('puts the subject on one line, the title and the signature in both parts, and escapes the HTML', () => {
    const m = emailContent({ subject: 'Hello\r\nBcc: x@y.z', title: 'A <title>', blocks: [{ type: 'p', text: 'Line <b>' }] }, brand);
    expect(m.subject).toBe('Hello Bcc: x@y.z');
    expect(m.text).toBe('A <title>\n\nLine <b>\n\n-- \nAcme <IT>\nPhone: (555) 123-4567\nE-mail: help@acme.test\n');
    expect(m.html).toContain('<h1 style="font-size:20px;margin:0 0 16px">A &lt;title&gt;</h1>');
    expect(m.html).toContain('Line &lt;b&gt;');
    expect(m.html).not.toContain('<b>');
  });
});
