/**
 * The text of a PDF that pdfkit wrote (tests of the service report): inflates FlateDecode streams,
 * then joins the hex and literal strings of each text-showing operator (standard fonts, WinAnsi).
 * Handles what pdfkit writes, not every PDF.
 */
import zlib from 'node:zlib';

/** Every shown string of `pdf`, joined by newlines. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  // Each stream's bytes are exactly its dictionary's /Length (pdfkit writes it directly). Ending the
  // data at '\r?\nendstream' instead dropped a compressed stream's last byte when it was 0x0D, and
  // the stream then failed to inflate and the text came back '' (report.test.ts's rare failure on CI;
  // pdfText.test.ts builds such a stream).
  const head = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = head.exec(raw); m; m = head.exec(raw)) {
    const length = Number(/\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(m[1]!)?.[1] ?? NaN);
    const start = m.index + m[0].length;
    const end = Number.isFinite(length) ? start + length : raw.indexOf('endstream', start);
    if (end < start) break;
    head.lastIndex = end;
    const data = Buffer.from(raw.slice(start, end), 'latin1');
    if (/\/Subtype\s*\/Image/.test(m[1]!)) continue;
    try {
      streams.push((/FlateDecode/.test(m[1]!) ? zlib.inflateSync(data) : data).toString('latin1'));
    } catch {
      // not a content stream
    }
  }
  const out: string[] = [];
  for (const s of streams) {
    for (const tj of s.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      out.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return out.join('\n');
}

/** How many image objects `pdf` holds (JPEG or PNG alike). */
export function pdfImageCount(pdf: Buffer): number {
  return [...pdf.toString('latin1').matchAll(/\/Subtype\s*\/Image/g)].length;
}
