/**
 * `npm run seed:demo`: fills a RUNNING portal with demo data through its public HTTP API
 * (scripts/demo/seed.ts): technicians `alice` and `bob` (password DEMO_PASSWORD, default
 * `demo-password`) and DEMO_TICKETS tickets (default 24) in every status.
 * Environment: BASE_URL (default http://localhost:3000), ADMIN_PASSWORD (required: the bootstrap
 * admin's password, printed at first start), ADMIN_CODE (only when the admin already has a second
 * factor: a code from its authenticator app or a recovery code; asked on a terminal when unset).
 * On a new install whose policy requires a second factor of admins (the default), the seeding sets
 * up the admin's authenticator app and prints its setup key, a QR code and the recovery codes once
 * (scripts/demo/adminSession.ts). Exits non-zero with the server's message on any failure.
 */
import readline from 'node:readline/promises';
import QRCode from 'qrcode';
import { seedDemo } from './demo/seed';
import type { AdminEnrolment } from './demo/adminSession';

const baseURL = process.env.BASE_URL ?? 'http://localhost:3000';
const demoPassword = process.env.DEMO_PASSWORD ?? 'demo-password';
const tickets = Number(process.env.DEMO_TICKETS ?? 24);

/** ADMIN_CODE, else a prompt on a terminal, else nothing. */
async function askAdminCode(): Promise<string | undefined> {
  if (process.env.ADMIN_CODE) return process.env.ADMIN_CODE;
  if (!process.stdin.isTTY) return undefined;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question('Authentication code of admin (authenticator app or recovery code): ');
  } finally {
    rl.close();
  }
}

/** Prints the admin's new authenticator setup once (it is not stored anywhere else). */
async function printEnrolment(e: AdminEnrolment): Promise<void> {
  const qr = await QRCode.toString(e.otpauthUrl, { type: 'terminal', small: true });
  console.log(
    [
      '',
      'Two-factor authentication is required for staff (TWO_FACTOR_REQUIRED=staff), so the demo seeding set up',
      "the admin's authenticator app. Add it to your authenticator app NOW (this is shown only once):",
      qr,
      `Setup key: ${e.setupKey}`,
      `Recovery codes (each signs in once): ${e.recoveryCodes.join('  ')}`,
      'Signing in as admin then asks for "Authentication code": type the app\'s code or a recovery code.',
      'Lost it? Stop the app and run: npm run auth:reset-2fa -- admin',
      '',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const adminPassword = process.env.ADMIN_PASSWORD;
  if (!adminPassword) throw new Error('Set ADMIN_PASSWORD to the admin password printed at first start.');
  const { enrolled } = await seedDemo({ baseURL, adminPassword, askAdminCode, demoPassword, tickets, log: (l) => console.log(l) });
  if (enrolled) await printEnrolment(enrolled);
  console.log(`Seeded ${tickets} tickets at ${baseURL}; technicians alice and bob, password ${demoPassword} (when the policy requires it, they set up an authenticator app at their first sign-in).`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
