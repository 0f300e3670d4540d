/**
 * `npm run seed:demo`: fills a RUNNING portal with demo data through its public HTTP API (so it works
 * the same on PGlite and PostgreSQL and goes through every validation rule):
 * - technicians `alice` and `bob` (password DEMO_PASSWORD, default `demo-password`);
 * - DEMO_TICKETS tickets (default 24) with mixed severities and contact methods, some assigned,
 *   in progress, resolved or closed, with comments in their work history.
 * Environment: BASE_URL (default http://localhost:3000), ADMIN_PASSWORD (required: the bootstrap
 * admin's password). Existing users are kept (a 409 "Username already exists" is not an error).
 * The public ticket form is rate limited per IP (RATE_LIMIT_TICKETS): the script waits when told to.
 * Exits non-zero with the server's message on any other failure.
 */
import { CONTACT_METHODS, SEVERITIES } from '@portal/shared';
import type { LoginResponse, TicketCreated } from '@portal/shared';

const baseURL = process.env.BASE_URL ?? 'http://localhost:3000';
const demoPassword = process.env.DEMO_PASSWORD ?? 'demo-password';
const ticketCount = Number(process.env.DEMO_TICKETS ?? 24);

const CLIENTS = [
  ['Maria Lopez', 'Lopez Dental'],
  ['Tom Becker', 'Becker & Sons Hardware'],
  ['Aisha Khan', null],
  ['Jonas Weber', 'Weber Accounting'],
  ['Priya Raman', 'Green Leaf Cafe'],
  ['Sam Carter', null],
] as const;
const ISSUES = [
  'Outlook keeps asking for my password since this morning.',
  'The office printer shows offline on every laptop.',
  'Wi-Fi drops every few minutes in the back office.',
  'Cannot open the accounting software after the Windows update.',
  'The card reader at the front desk does not connect.',
  'Need a new employee account and laptop set up by Monday.',
  'Suspicious e-mail asking to reset the bank password - was it clicked?',
  'Backup report says the last backup failed.',
];

/** One JSON request; a 429 is waited out (Retry-After seconds) and retried, as a polite client does. */
async function call<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  let res: Response;
  for (;;) {
    res = await fetch(`${baseURL}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (res.status !== 429) break;
    const waitS = Number(res.headers.get('retry-after') ?? 60);
    console.log(`rate limited on ${path}; waiting ${waitS} s (RATE_LIMIT_TICKETS raises the limit)`);
    await new Promise((r) => setTimeout(r, waitS * 1000));
  }
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function must<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const { status, body } = await call<T>(path, init);
  if (status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${status} ${JSON.stringify(body)}`);
  return body;
}

async function main(): Promise<void> {
  const adminPassword = process.env.ADMIN_PASSWORD;
  if (!adminPassword) throw new Error('Set ADMIN_PASSWORD to the admin password printed at first start.');
  const { token } = await must<LoginResponse>('/api/auth/login', { method: 'POST', body: { username: 'admin', password: adminPassword } });

  for (const username of ['alice', 'bob']) {
    const res = await call('/api/users', {
      method: 'POST',
      token,
      body: { username, password: demoPassword, email: `${username}@example.com`, role: 'technician' },
    });
    if (res.status !== 201 && res.status !== 409) throw new Error(`creating ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const technicians = await must<{ id: string; username: string }[]>('/api/technicians', { token });

  for (let i = 0; i < ticketCount; i++) {
    const [clientName, businessName] = CLIENTS[i % CLIENTS.length];
    const created = await must<TicketCreated>('/api/tickets', {
      method: 'POST',
      body: {
        clientName,
        businessName,
        customerEmail: `${clientName.split(' ')[0].toLowerCase()}@example.com`,
        customerPhone: `+1 555 010 ${String(1000 + i).slice(-4)}`,
        severity: SEVERITIES[i % SEVERITIES.length],
        contactMethod: CONTACT_METHODS[i % CONTACT_METHODS.length],
        issue: ISSUES[i % ISSUES.length],
      },
    });
    const stage = i % 4; // 0 open, 1 in progress, 2 resolved, 3 closed
    if (stage === 0 && i % 8 === 0) continue; // some stay open and unassigned
    const assignee = technicians[i % technicians.length];
    const patch = (body: Record<string, unknown>) => must(`/api/tickets/${created.id}`, { method: 'PATCH', token, body });
    await patch({ assignedTo: assignee.id, comment: `Assigned to ${assignee.username}.` });
    if (stage >= 1) await patch({ status: 'in_progress', comment: 'Looking into it on site.' });
    if (stage >= 2) await patch({ status: 'resolved', resolution: 'Fixed on site; the customer confirmed it works.' });
    if (stage === 3) await patch({ status: 'closed' });
  }
  console.log(`Seeded ${ticketCount} tickets at ${baseURL}; technicians alice and bob (password ${demoPassword}).`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
