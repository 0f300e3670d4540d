/**
 * The shared layout of every kind's messages ("readable on a phone: plain text plus simple
 * HTML, with the portal's name, phone and e-mail"). Every piece of user text passes through
 * {@link escapeHtml}; the HTML is one narrow column with inline styles (mail clients drop <style>
 * blocks and scripts). A kind's `render` builds {@link EmailLayout} and calls {@link emailContent}.
 */
import type { EmailContent } from '../kinds';
import type { Brand } from '../types';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes `& < > " '` so any text is safe inside HTML elements and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** A link inside the portal: `PUBLIC_URL` + `path` (path starts with `/`). */
export function portalLink(brand: Brand, path: string): string {
  return `${brand.publicUrl}${path}`;
}

/** Cuts `text` to `max` characters on one line, adding "..." when cut (SMS and push bodies). */
export function shorten(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 3).trimEnd()}...`;
}

/** A block of an e-mail, rendered to both plain text and HTML. */
export type Block =
  | { type: 'p'; text: string }
  | { type: 'fields'; rows: [label: string, value: string][] }
  /** Multi-line user text (issue, comment, resolution), kept with its line breaks. */
  | { type: 'quote'; label: string; text: string }
  | { type: 'button'; label: string; url: string }
  /** A row of small links, e.g. five rating stars; `title` is each link's full name. */
  | { type: 'links'; label: string; links: { text: string; title: string; url: string }[] };

/** The e-mail's plain-text part: the title, blocks separated by blank lines, then the signature. */
export function renderText(title: string, blocks: Block[], brand: Brand): string {
  const parts = blocks.map((b) => {
    switch (b.type) {
      case 'p':
        return b.text;
      case 'fields':
        return b.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
      case 'quote':
        return `${b.label}:\n${b.text.trim()}`;
      case 'button':
        return `${b.label}: ${b.url}`;
      case 'links':
        return `${b.label}\n${b.links.map((l) => `${l.title}: ${l.url}`).join('\n')}`;
    }
  });
  return `${title}\n\n${parts.join('\n\n')}\n\n-- \n${brand.appName}\nPhone: ${brand.supportPhone}\nE-mail: ${brand.supportEmail}\n`;
}

const FONT = 'font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;';

/** The e-mail's HTML part: a 600 px max column, 16 px text, a full-width button for links. */
export function renderHtml(title: string, blocks: Block[], brand: Brand): string {
  const body = blocks
    .map((b) => {
      switch (b.type) {
        case 'p':
          return `<p style="margin:0 0 16px">${escapeHtml(b.text)}</p>`;
        case 'fields':
          return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">${b.rows
            .map(
              ([label, value]) =>
                `<tr><td style="padding:4px 12px 4px 0;color:#555;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
            )
            .join('')}</table>`;
        case 'quote':
          return `<p style="margin:0 0 4px;color:#555">${escapeHtml(b.label)}</p><div style="margin:0 0 16px;padding:12px;background:#f4f5f7;border-radius:6px;white-space:pre-wrap">${escapeHtml(b.text.trim())}</div>`;
        case 'button':
          return `<p style="margin:24px 0"><a href="${escapeHtml(b.url)}" style="display:block;padding:14px 16px;background:#1d4ed8;color:#fff;text-align:center;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(b.label)}</a></p>`;
        case 'links':
          return `<p style="margin:0 0 8px;color:#555">${escapeHtml(b.label)}</p><table role="presentation" style="border-collapse:separate;border-spacing:6px 0;margin:0 -6px 16px"><tr>${b.links
            .map(
              (l) =>
                `<td><a href="${escapeHtml(l.url)}" title="${escapeHtml(l.title)}" aria-label="${escapeHtml(l.title)}" style="display:inline-block;min-width:44px;padding:10px 0;border:1px solid #cbd5e1;border-radius:6px;color:#b45309;text-align:center;text-decoration:none;font-size:18px">${escapeHtml(l.text)}</a></td>`,
            )
            .join('')}</tr></table>`;
      }
    })
    .join('\n');
  const footer = `${escapeHtml(brand.appName)}<br>Phone: <a href="tel:${escapeHtml(brand.supportPhone.replace(/[^\d+]/g, ''))}" style="color:#555">${escapeHtml(brand.supportPhone)}</a><br>E-mail: <a href="mailto:${escapeHtml(brand.supportEmail)}" style="color:#555">${escapeHtml(brand.supportEmail)}</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#ffffff">
<div style="${FONT}max-width:600px;margin:0 auto;padding:16px;font-size:16px;line-height:1.5;color:#111">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">
<p style="margin:0;font-size:14px;color:#555">${footer}</p>
</div>
</body></html>
`;
}

/** An e-mail before rendering: the subject, the heading and the body blocks. */
export interface EmailLayout {
  subject: string;
  title: string;
  blocks: Block[];
}

/** Renders an e-mail in the shared layout: plain text and HTML with the signature; subject on one line. */
export function emailContent(e: EmailLayout, brand: Brand): EmailContent {
  return { subject: e.subject.replace(/\s+/g, ' ').trim(), text: renderText(e.title, e.blocks, brand), html: renderHtml(e.title, e.blocks, brand) };
}
