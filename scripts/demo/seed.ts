/**
 * The demo data of `npm run seed:demo` (scripts/seed-demo.ts is its command line), through a running
 * portal's public HTTP API, so it works the same on PGlite and PostgreSQL and goes through every
 * validation rule:
 * - technicians `alice` and `bob` (password `demoPassword`), kept when they exist (409);
 * - `tickets` tickets with mixed severities and contact methods, some assigned, in progress, resolved
 *   or closed, with comments in their work history.
 * The admin signs in as adminSession.ts describes (a new install's two-factor enrolment included).
 * The public ticket form is rate limited per IP (RATE_LIMIT_TICKETS): the seeding waits when told to.
 */
import { CONTACT_METHODS, SEVERITIES } from '@portal/shared';
import type { TicketCreated } from '@portal/shared';
import { adminSession, type AdminEnrolment, type Call } from './adminSession';

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

export interface SeedOptions {
  baseURL: string;
  adminPassword: string;
  /** An authenticator or recovery code of the admin, asked only when the admin already has a second factor. */
  askAdminCode: () => Promise<string | undefined>;
  demoPassword: string;
  tickets: number;
  /** Progress lines (rate-limit waits). */
  log: (line: string) => void;
  /** Time for the authenticator code of a new enrolment (default now; tests pass the app's clock). */
  now?: () => Date;
}

/** Builds the JSON caller: a 429 is waited out (Retry-After seconds) and retried, as a polite client does. */
function caller(baseURL: string, log: (line: string) => void): Call {
  return async <T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    let res: Response;
    for (;;) {
      res = await fetch(`${baseURL}${path}`, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (res.status !== 429) break;
      const waitS = Number(res.headers.get('retry-after') ?? 60);
      log(`rate limited on ${path}; waiting ${waitS} s (RATE_LIMIT_TICKETS raises the limit)`);
      await new Promise((r) => setTimeout(r, waitS * 1000));
    }
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}

/**
 * Seeds the demo data (module doc).
 * @returns the admin enrolment the seeding made (print it), if any.
 * @throws Error with the request and the server's answer on any unexpected status.
 */
export async function seedDemo(o: SeedOptions): Promise<{ enrolled?: AdminEnrolment }> {
  const call = caller(o.baseURL, o.log);
  const must = async <T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> => {
    const { status, body } = await call<T>(path, init);
    if (status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  const { token, enrolled } = await adminSession(call, o.adminPassword, o.askAdminCode, o.now);

  for (const username of ['alice', 'bob']) {
    const res = await call('/api/users', { method: 'POST', token, body: { username, password: o.demoPassword, email: `${username}@example.com`, role: 'technician' } });
    if (res.status !== 201 && res.status !== 409) throw new Error(`creating ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const technicians = await must<{ id: string; username: string }[]>('/api/technicians', { token });

  for (let i = 0; i < o.tickets; i++) {
    const [clientName, businessName] = CLIENTS[i % CLIENTS.length]!;
    const created = await must<TicketCreated>('/api/tickets', {
      method: 'POST',
      body: {
        clientName,
        businessName,
        customerEmail: `${clientName.split(' ')[0]!.toLowerCase()}@example.com`,
        customerPhone: `+1 555 010 ${String(1000 + i).slice(-4)}`,
        severity: SEVERITIES[i % SEVERITIES.length],
        contactMethod: CONTACT_METHODS[i % CONTACT_METHODS.length],
        issue: ISSUES[i % ISSUES.length],
      },
    });
    const stage = i % 4; // 0 open, 1 in progress, 2 resolved, 3 closed
    if (stage === 0 && i % 8 === 0) continue; // some stay open and unassigned
    const assignee = technicians[i % technicians.length]!;
    const patch = (body: Record<string, unknown>) => must(`/api/tickets/${created.id}`, { method: 'PATCH', token, body });
    await patch({ assignedTo: assignee.id, comment: `Assigned to ${assignee.username}.` });
    if (stage >= 1) await patch({ status: 'in_progress', comment: 'Looking into it on site.' });
    if (stage >= 2) await patch({ status: 'resolved', resolution: 'Fixed on site; the customer confirmed it works.' });
    if (stage === 3) await patch({ status: 'closed' });
  }
  return enrolled ? { enrolled } : {};
}
