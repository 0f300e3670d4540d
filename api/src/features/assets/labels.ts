/**
 * Printable QR label sheets (issue 53 item 3): one label per asset on a common sheet, with a QR code of
 * the app's URL `PUBLIC_URL/a/<tag>` (any phone camera opens it), the asset tag and the name. PDF by
 * pdfkit, QR codes by qrcode (PNG, error correction M, embedded as images).
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { assetLabelPath, type LabelSize } from '@portal/shared';

const MM = 72 / 25.4;

/** A label sheet: page size (pt), grid, the first label's corner and the pitch between labels (pt). */
interface Sheet {
  page: [number, number];
  cols: number;
  rows: number;
  left: number;
  top: number;
  width: number;
  height: number;
  pitchX: number;
  pitchY: number;
}

/** Avery L7651 (A4, 5 x 13 labels of 38.1 x 21.2 mm) and Avery 5160 (US Letter, 3 x 10 labels of 2 5/8 x 1 in). */
export const SHEETS: Record<LabelSize, Sheet> = {
  L7651: { page: [595.28, 841.89], cols: 5, rows: 13, left: 4.67 * MM, top: 10.7 * MM, width: 38.1 * MM, height: 21.2 * MM, pitchX: 40.6 * MM, pitchY: 21.2 * MM },
  '5160': { page: [612, 792], cols: 3, rows: 10, left: 0.1875 * 72, top: 0.5 * 72, width: 2.625 * 72, height: 72, pitchX: 2.75 * 72, pitchY: 72 },
};

/** What one label shows. */
export interface LabelAsset {
  assetTag: string;
  name: string;
}

/** The URL a label's QR code holds: `publicUrl` + `/a/<tag>`. */
export const labelUrl = (publicUrl: string, tag: string) => `${publicUrl.replace(/\/+$/, '')}${assetLabelPath(tag)}`;

/** The QR code of `url` as a PNG (what the sheet embeds). */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
}

/** One PDF with a label per asset in `assets` order, filling sheets of `size` left to right, top to bottom. */
export async function labelSheet(assets: readonly LabelAsset[], size: LabelSize, publicUrl: string): Promise<Buffer> {
  const sheet = SHEETS[size];
  const perPage = sheet.cols * sheet.rows;
  const doc = new PDFDocument({ size: sheet.page, margin: 0, autoFirstPage: false, info: { Title: `Asset labels (${size})`, Producer: 'IT support portal' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const qrs = await Promise.all(assets.map((a) => qrPng(labelUrl(publicUrl, a.assetTag))));
  assets.forEach((a, i) => {
    if (i % perPage === 0) doc.addPage();
    const slot = i % perPage;
    const x = sheet.left + (slot % sheet.cols) * sheet.pitchX;
    const y = sheet.top + Math.floor(slot / sheet.cols) * sheet.pitchY;
    const pad = Math.min(4, sheet.height * 0.08);
    const qr = sheet.height - 2 * pad;
    doc.image(qrs[i]!, x + pad, y + pad, { width: qr, height: qr });
    const textX = x + 2 * pad + qr;
    const textW = sheet.width - (textX - x) - pad;
    const tagSize = Math.min(10, sheet.height / 5);
    doc.font('Helvetica-Bold').fontSize(tagSize).text(a.assetTag, textX, y + pad, { width: textW, height: tagSize * 1.3, ellipsis: true, lineBreak: false });
    doc.font('Helvetica').fontSize(tagSize * 0.8).text(a.name, textX, y + pad + tagSize * 1.4, { width: textW, height: qr - tagSize * 1.4, ellipsis: true });
  });
  doc.end();
  return done;
}
