/**
 * Writes api/assets/downloads/onsite-service-checklist.pdf, the 'On-site Service Checklist' of the
 * built-in downloads catalogue (shared/src/rules/downloads.ts), as a small text-only PDF 1.4 with
 * the standard Helvetica fonts (no embedded font, no dependency). Run after editing the text:
 *   npx tsx scripts/generate-checklist-pdf.ts
 * then update the entry's `size` in the catalogue (a unit test compares them).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Line = { text: string; size?: number; bold?: boolean; gap?: number };

const PAGES: Line[][] = [
  [
    { text: 'On-site Service Checklist', size: 20, bold: true },
    { text: 'Version 1.0 - for field technicians. Print it or keep it on your phone.', size: 10, gap: 22 },
    { text: 'Before you leave for the site', size: 13, bold: true, gap: 20 },
    { text: '[ ]  Read the ticket and its work history; call the customer to confirm the visit time.' },
    { text: '[ ]  Set the ticket to In Progress and assign it to yourself.' },
    { text: '[ ]  Open the customer in the Customer Vault: address, contacts, network notes.' },
    { text: '[ ]  Keep the tools you may need on your phone (Downloads, Keep on this device).' },
    { text: '[ ]  Kit: charger, USB stick with installers, network cable, USB-C and HDMI adapters.' },
    { text: 'On arrival', size: 13, bold: true, gap: 20 },
    { text: '[ ]  Introduce yourself, show your ID, and ask the person to describe the problem again.' },
    { text: '[ ]  Ask what changed recently: new device, update, move, power cut, password change.' },
    { text: '[ ]  Check whether others are affected (one device, one room, or the whole office).' },
    { text: '[ ]  Ask before you touch anything: save open work, and agree when a restart is fine.' },
    { text: 'While you work', size: 13, bold: true, gap: 20 },
    { text: '[ ]  Run the System Information Collector (Windows) or Network Diagnostics (Mac/Linux)' },
    { text: '       and attach the report to the ticket.' },
    { text: '[ ]  Change one thing at a time and note each change in an Update Comment.' },
    { text: '[ ]  Never write passwords in comments; store them in the Customer Vault.' },
    { text: '[ ]  If the fix needs parts or another visit, tell the customer when and record it.' },
    { text: 'Before you leave', size: 13, bold: true, gap: 20 },
    { text: '[ ]  Show the customer the fix working; ask them to try it themselves.' },
    { text: '[ ]  Install or update the Customer Support Portal on their desktop if it is missing.' },
    { text: '[ ]  Write the Resolution in plain words the customer would understand.' },
    { text: '[ ]  Set the status to Resolved (the customer receives the satisfaction survey).' },
    { text: '[ ]  Take your kit, USB sticks and cables with you; leave the desk as you found it.' },
  ],
  [
    { text: 'Quick reference', size: 20, bold: true },
    { text: 'Severity and expected response', size: 13, bold: true, gap: 28 },
    { text: 'Urgent - Business-critical; immediate support required.' },
    { text: 'High - Significant impact; needs fast response.' },
    { text: 'Medium - Needs attention but not urgent.' },
    { text: 'Low - Minor issue, not impacting workflow.' },
    { text: 'Security incident (clicked link, ransom note, lost device)', size: 13, bold: true, gap: 20 },
    { text: '1.  Disconnect the device from the network; do not power it off.' },
    { text: '2.  Call the office and raise the ticket to Urgent.' },
    { text: '3.  Change the passwords of affected accounts from a clean device.' },
    { text: '4.  Note times, screens and messages in the ticket as you go.' },
    { text: 'Working offline', size: 13, bold: true, gap: 20 },
    { text: 'The technician app keeps your tickets on the phone. Updates made without signal are' },
    { text: 'queued and sent once, automatically, when the connection returns. Tools kept on the' },
    { text: 'device download without signal too.' },
    { text: 'Handing over', size: 13, bold: true, gap: 20 },
    { text: 'If you cannot finish, reassign the ticket with a comment that says what you tried,' },
    { text: 'what you found and what the next person should do first.' },
  ],
];

/** Escapes a string for a PDF literal string (WinAnsi text only). */
const pdfString = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

function pageContent(lines: Line[]): string {
  const ops: string[] = ['BT', '1 0 0 1 56 790 Tm'];
  let first = true;
  for (const line of lines) {
    const size = line.size ?? 11;
    const lead = first ? 0 : (line.gap ?? 16);
    first = false;
    ops.push(`/${line.bold ? 'F2' : 'F1'} ${size} Tf`, `0 -${lead} Td`, `${pdfString(line.text)} Tj`);
  }
  ops.push('ET');
  return ops.join('\n');
}

function buildPdf(): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // returns the 1-based object number
  const catalog = add('');
  const pagesObj = add('');
  const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const f2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const pageIds: number[] = [];
  for (const lines of PAGES) {
    const content = pageContent(lines);
    const contentId = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  const info = add('<< /Title (On-site Service Checklist) /Producer (IT Support Portal) >>');

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const target = resolve(import.meta.dirname, '..', 'api', 'assets', 'downloads', 'onsite-service-checklist.pdf');
const pdf = buildPdf();
writeFileSync(target, pdf);
process.stdout.write(`${target}: ${pdf.length} bytes\n`);
