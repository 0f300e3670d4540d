/**
 * Service report of a close-out with 10 photos (issue 54 "Done when", docs/visits.md). Prints
 * figures, asserts nothing (DESIGN.md 8):
 * 1. rendering CPU: `renderServiceReport` (pdfkit) in this process with 10 photo thumbnails, a logo and
 *    a signature as the API renders them (320 px JPEGs), CPU ms (user + system) per report, median of
 *    BENCH_REPORT_ROUNDS (20) after a warm-up; also the PDF's size;
 * 2. API memory and time: against a started app (`npm start` like), the API's RSS before / peak /
 *    after a close-out with VISIT_PHOTOS_MAX (10) photos, the most one close-out takes (1600x1200 JPEGs uploaded through tus, re-encoded and decoded in
 *    the image processes, the report rendered and attached in the close-out's transaction), and the
 *    close-out's wall time. The image processes' own memory is not in the API's RSS.
 *   BENCH_ONLY=visits npm run bench       or       npx tsx scripts/bench/visit-report.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { VISIT_PHOTOS_MAX } from '@portal/shared';
import { renderServiceReport } from '../../api/src/features/visits/report';
import { tusUpload } from '../../api/src/features/attachments/attachments.testkit';
import { startApp, type AppProcess } from '../server-process';
import { median } from './median';
import { rssMb } from './upload-memory';

const PHOTOS = 10;

export interface VisitReportFigures {
  renderCpuMs: number;
  pdfKb: number;
  closeOut: { beforeMb: number; peakMb: number; afterMb: number; ms: number; status: number };
}

/** A noisy photo-like JPEG (noise does not compress, as a real photo). */
const photo = (w: number, h: number) => sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();

/** Part 1 of the module doc. */
async function renderCpu(rounds: number): Promise<{ ms: number; bytes: number }> {
  const thumbs = await Promise.all(Array.from({ length: PHOTOS }, () => photo(320, 240)));
  const small = await photo(140, 56);
  const input = {
    visit: {
      id: randomUUID(), ticketId: randomUUID(), technicianId: null, technicianName: 'maria.lopez', arrivedAt: '2026-11-29T08:00:00+01:00', departedAt: '2026-11-29T10:00:00+01:00',
      receivedAt: '2026-11-29T09:01:00.000Z', clockSuspect: false, clockNote: null, workDone: 'Replaced the core switch and re-patched rack B. '.repeat(8),
      parts: Array.from({ length: 6 }, (_, i) => ({ description: `Part ${i}`, quantity: i + 1, unitPrice: 12.5 })), minutes: 120, billable: true,
      photoUploadIds: [], signatureUploadId: null, signerName: 'Dana Client', supersedesVisitId: null, supersededBy: null, resolve: true, createdAt: '2026-11-29T09:01:00.000Z',
      checklist: Array.from({ length: 8 }, (_, i) => ({ text: `Check ${i}`, required: i < 2, done: i % 2 === 0 })), reportAttachmentId: null,
    },
    ticket: { ticketNumber: 'TKT-000123', issue: 'Network down in the office', clientName: 'Casey Customer', businessName: 'Acme Ltd', customerEmail: 'casey@example.com' },
    branding: { businessName: 'Northwind IT Services', logo: small },
    photos: thumbs,
    signature: small,
  };
  let bytes = (await renderServiceReport(input)).length; // warm-up
  const samples: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const cpu = process.cpuUsage();
    bytes = (await renderServiceReport(input)).length;
    const used = process.cpuUsage(cpu);
    samples.push((used.user + used.system) / 1000);
  }
  return { ms: median(samples), bytes };
}

/** Part 2 of the module doc. */
async function closeOutMemory(app: AppProcess): Promise<VisitReportFigures['closeOut']> {
  const pid = app.pid!;
  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${app.baseURL}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'admin', password: app.adminPassword }) });
  const { token } = (await login.json()) as { token: string };
  const auth = { ...json, authorization: `Bearer ${token}` };
  const ticket = (await (
    await fetch(`${app.baseURL}/api/tickets`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ clientName: 'Casey', businessName: 'Acme', customerEmail: 'casey@example.com', customerPhone: '+1 555 0100', severity: 'medium', contactMethod: 'email', issue: 'Network down in the office' }),
    })
  ).json()) as { id: string };
  const closeOut = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) ids.push(await tusUpload(app.baseURL, `photo-${i}.jpg`, await photo(1600, 1200), { authorization: `Bearer ${token}` }));
    const now = Date.now();
    const body = { arrivedAt: new Date(now - 3_600_000).toISOString(), departedAt: new Date(now).toISOString(), workDone: 'Replaced the core switch.', minutes: 60, photoUploadIds: ids };
    const started = performance.now();
    const res = await fetch(`${app.baseURL}/api/tickets/${ticket.id}/visits`, { method: 'POST', headers: { ...auth, 'idempotency-key': randomUUID() }, body: JSON.stringify(body) });
    const answer = await res.text();
    if (res.status !== 201) console.log(`close-out answered ${res.status}: ${answer.slice(0, 300)}`);
    return { status: res.status, ms: performance.now() - started };
  };
  await closeOut(1); // warm-up: modules, image processes
  await new Promise((r) => setTimeout(r, 1500));
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const run = await closeOut(VISIT_PHOTOS_MAX);
  clearInterval(timer);
  await new Promise((r) => setTimeout(r, 1500));
  return { beforeMb: before, peakMb: Math.max(peak, rssMb(pid)), afterMb: rssMb(pid), ms: run.ms, status: run.status };
}

/** Both parts; `app` is a started app. */
export async function measureVisitReport(app: AppProcess): Promise<VisitReportFigures> {
  const cpu = await renderCpu(Number(process.env.BENCH_REPORT_ROUNDS ?? 20));
  return { renderCpuMs: cpu.ms, pdfKb: cpu.bytes / 1024, closeOut: await closeOutMemory(app) };
}

export function printVisitReport(f: VisitReportFigures): void {
  const mb = (n: number) => `${n.toFixed(1)} MB`;
  console.log(`\n## Service report (close-out with ${PHOTOS} photos)`);
  console.log(`render (pdfkit, ${PHOTOS} thumbnails + logo + signature): ${f.renderCpuMs.toFixed(1)} ms CPU (median), ${f.pdfKb.toFixed(0)} KiB PDF`);
  console.log(`close-out with ${VISIT_PHOTOS_MAX} photos (HTTP ${f.closeOut.status}): ${f.closeOut.ms.toFixed(0)} ms; API RSS before ${mb(f.closeOut.beforeMb)}, peak ${mb(f.closeOut.peakMb)}, after ${mb(f.closeOut.afterMb)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const app = await startApp();
  try {
    printVisitReport(await measureVisitReport(app));
  } finally {
    await app.stop();
  }
}
