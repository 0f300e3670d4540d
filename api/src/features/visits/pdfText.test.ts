/**
 * The report tests' PDF text reader (pdfText.testkit.ts) against a stream whose compressed bytes end
 * in 0x0D: reading up to '\r?\nendstream' took that byte for the line break, the stream no longer
 * inflated and the report's text came back empty (a rare failure of report.test.ts on CI).
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdfText.testkit';

/** A content stream showing `text` (one TJ of a hex string), compressed as pdfkit writes it. */
function contentStream(text: string): Buffer {
  const ops = `BT /F1 12 Tf 72 720 Td [<${Buffer.from(text, 'latin1').toString('hex')}>] TJ ET`;
  const data = zlib.deflateSync(Buffer.from(ops, 'latin1'));
  return Buffer.concat([Buffer.from(`5 0 obj\n<<\n/Length ${data.length}\n/Filter /FlateDecode\n>>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
}

describe('pdfText', () => {
  it('reads a compressed stream whose last byte is a carriage return', () => {
    let text = '';
    let stream: Buffer = Buffer.alloc(0);
    // Deterministic variety: the name repeated a varying number of times moves the checksum's last byte.
    for (let i = 0; i < 100_000; i++) {
      text = `Harbor Dental Group ${'x'.repeat(i % 997)}${i}`;
      stream = contentStream(text);
      if (stream[stream.length - '\nendstream\nendobj\n'.length - 1] === 0x0d) break;
    }
    expect(stream[stream.length - '\nendstream\nendobj\n'.length - 1]).toBe(0x0d);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.3\n', 'latin1'), stream, Buffer.from('%%EOF\n', 'latin1')]);
    expect(pdfText(pdf)).toBe(text);
  });
});
