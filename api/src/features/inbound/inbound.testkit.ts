/** Helpers of the inbound mail tests. */

/** A plain RFC 5322 message with the given headers (Date, MIME-Version and a UTF-8 text Content-Type by default). */
export function mail(h: Record<string, string>, body: string): string {
  const head = Object.entries({ Date: 'Thu, 26 Nov 2026 10:00:00 +0000', 'MIME-Version': '1.0', 'Content-Type': 'text/plain; charset=utf-8', ...h })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  return `${head}\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`;
}

/** A message of about `mb` megabytes (base64-looking lines). */
export function hugeMail(from: string, messageId: string, mb: number): Buffer {
  const line = `${'QUJD'.repeat(19)}\r\n`;
  const head = mail({ From: from, Subject: 'Huge scan', 'Message-ID': messageId }, '');
  return Buffer.concat([Buffer.from(head), Buffer.from(line.repeat(Math.ceil((mb * 1024 * 1024) / line.length)))]);
}
