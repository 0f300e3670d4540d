/**
 * `npm run clients:link` (issue 50 item 4, docs/clients.md "Existing data"): clients made from the
 * free text of data written before clients existed, and the tickets and vault entries linked to them.
 *
 * The plan ({@link planClientLinks}) reads only rows without a client:
 * 1. **Business names** of tickets and vault entries, compared ignoring case and spacing, make one
 *    client each (named with the most used spelling), or reuse the existing client of that name.
 * 2. **Company domains**: the customer e-mail domains of a name's tickets (and its vault entries'
 *    contact e-mails), never free mail, become that client's e-mail domains when no other name and
 *    no other client uses them.
 * 3. **Tickets without a business name** go to the one client listing their company domain (an
 *    existing one first); a domain nobody lists makes a client named after the domain; free mail and
 *    a domain several names share stay unmatched ("Tickets without a client").
 * {@link applyClientLinks} creates and links exactly that plan in the caller's transaction: one
 * statement per kind of link, only rows whose client is still empty, so a second run finds nothing
 * to do. Tickets move forward in the phones' delta feed (version and sync_seq); vault entries only
 * in the feed (their version binds the sealed secrets). No history row is written: nobody changed
 * the ticket, the data was only linked.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clients } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { lockSync } from '../../db/sync';
import { isFreeMailDomain } from './matching';
import { findClient, insertClient, updateClient } from './repository';

/** One client of the plan: created (`existingId` null) or reused, with what it gets. */
export interface PlannedClient {
  name: string;
  existingId: string | null;
  /** Domains added to the client. */
  addDomains: string[];
  tickets: number;
  vaultEntries: number;
  /** Normalised business names and domain-only ticket domains that link to it. */
  keys: string[];
  domains: string[];
}

/** What a run would do (dry run) or did. */
export interface LinkPlan {
  clients: PlannedClient[];
  /** Tickets that stay without a client (free mail without a business name, ambiguous domains). */
  unmatchedTickets: number;
}

/** A business name key ({@link clientKeySql}) with one spelling of it and how many rows use it. */
export interface LinkNameRow { key: string; name: string; n: number | string }
/** A company domain with how many rows of a business name key use it (key null: rows without a business name). */
export interface LinkDomainRow { key: string | null; domain: string; n: number | string }
/** Which client each normalised business name / company domain links to (jsonb_to_recordset input). */
export interface LinkTargets { byKey: { key: string; client_id: string }[]; byDomain: { domain: string; client_id: string }[] }

/** The normalised business name a link compares (lower case, trimmed, inner spaces as one). */
export const clientKeySql = (col: unknown) => sql`lower(regexp_replace(btrim(${col}), '\\s+', ' ', 'g'))`;
/** The lower-case domain of an e-mail column. */
export const emailDomainSql = (col: unknown) => sql`lower(btrim(split_part(${col}, '@', 2)))`;

/**
 * What `npm run clients:link` needs of the tickets and vault features (their ports'
 * ticketClientLinks / vaultClientLinks), passed in by the script: both features import the clients
 * port, so importing theirs here would close a feature cycle.
 */
export interface ClientLinkPorts {
  tickets: {
    /** Business names of tickets without a client (non-blank). */
    names(db: Database): Promise<LinkNameRow[]>;
    /** Domains per business name over all tickets, and (key null) of tickets without a name nor a client. */
    domains(db: Database): Promise<LinkDomainRow[]>;
    /** Tickets without a client, a business name or an e-mail domain. */
    countWithoutAnything(db: Database): Promise<number>;
    /** Links tickets still without a client; returns how many (moves them forward in the delta feed). */
    link(tx: Database, targets: LinkTargets): Promise<number>;
  };
  vault: {
    names(db: Database): Promise<LinkNameRow[]>;
    /** Contact e-mail domains per business name over all entries (key never null). */
    domains(db: Database): Promise<LinkDomainRow[]>;
    /** Links entries still without a client by business name; returns how many. */
    link(tx: Database, targets: LinkTargets): Promise<number>;
  };
}

type NameRow = LinkNameRow & { source: 'ticket' | 'vault' };

async function readNames(db: Database, ports: ClientLinkPorts): Promise<NameRow[]> {
  const [tickets, vault] = await Promise.all([ports.tickets.names(db), ports.vault.names(db)]);
  return [...tickets.map((r) => ({ ...r, source: 'ticket' as const })), ...vault.map((r) => ({ ...r, source: 'vault' as const }))];
}

/**
 * Company domains per business name (key) over ALL rows, linked or not (so a domain two names share
 * stays ambiguous on every run), and of tickets without a business name still without a client (key null).
 */
async function readDomains(db: Database, ports: ClientLinkPorts): Promise<LinkDomainRow[]> {
  const [tickets, vault] = await Promise.all([ports.tickets.domains(db), ports.vault.domains(db)]);
  return [...tickets, ...vault];
}

async function readClients(db: Database): Promise<{ id: string; key: string; domains: string[] }[]> {
  return rowsOf(db, sql`select id, ${clientKeySql(clients.name)} as key, email_domains as domains from ${clients}`);
}

/** What {@link applyClientLinks} would do now; changes nothing. */
export async function planClientLinks(db: Database, ports: ClientLinkPorts): Promise<LinkPlan> {
  const [names, domains, existing] = await Promise.all([readNames(db, ports), readDomains(db, ports), readClients(db)]);
  const existingByKey = new Map(existing.map((c) => [c.key, c]));
  const domainOwner = new Map<string, string>();
  for (const c of existing) for (const d of c.domains) domainOwner.set(d, c.key);
  const plan = new Map<string, PlannedClient & { spellings: Map<string, number> }>();
  const entry = (key: string) => {
    let p = plan.get(key);
    if (!p) plan.set(key, (p = { name: '', existingId: existingByKey.get(key)?.id ?? null, addDomains: [], tickets: 0, vaultEntries: 0, keys: [key], domains: [], spellings: new Map() }));
    return p;
  };
  for (const r of names) {
    const p = entry(r.key);
    p.spellings.set(r.name, (p.spellings.get(r.name) ?? 0) + Number(r.n));
    if (r.source === 'ticket') p.tickets += Number(r.n);
    else p.vaultEntries += Number(r.n);
  }
  // An existing client's domain is its own; another company domain belongs to the one name using it.
  const namesOfDomain = new Map<string, Set<string>>();
  for (const r of domains) {
    if (r.key === null || !r.domain || isFreeMailDomain(r.domain) || domainOwner.has(r.domain)) continue;
    namesOfDomain.set(r.domain, (namesOfDomain.get(r.domain) ?? new Set()).add(r.key));
  }
  const ambiguous = new Set<string>();
  for (const [domain, keys] of namesOfDomain) {
    if (keys.size > 1) ambiguous.add(domain);
    else {
      const key = [...keys][0]!;
      domainOwner.set(domain, key);
      if (plan.has(key)) entry(key).addDomains.push(domain);
    }
  }
  let unmatchedTickets = 0;
  for (const r of domains) {
    if (r.key !== null) continue;
    const n = Number(r.n);
    const ownerKey = domainOwner.get(r.domain) ?? r.domain;
    const unknownName = domainOwner.has(r.domain) && !plan.has(ownerKey) && !existingByKey.has(ownerKey);
    if (!r.domain || isFreeMailDomain(r.domain) || ambiguous.has(r.domain) || unknownName) {
      unmatchedTickets += n;
      continue;
    }
    const p = entry(ownerKey);
    if (!domainOwner.has(r.domain)) {
      domainOwner.set(r.domain, ownerKey);
      p.addDomains.push(r.domain);
      p.spellings.set(r.domain, 0);
    }
    p.tickets += n;
    p.domains.push(r.domain);
  }
  const out = [...plan.values()].map(({ spellings, ...p }) => ({ ...p, name: mostUsed(spellings) ?? p.keys[0]!, addDomains: p.addDomains.sort().slice(0, 20) }));
  unmatchedTickets += await ports.tickets.countWithoutAnything(db);
  return { clients: out.sort((a, b) => a.name.localeCompare(b.name)), unmatchedTickets };
}

function mostUsed(spellings: Map<string, number>): string | undefined {
  return [...spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/** Creates the plan's clients and links their tickets and vault entries; call in one transaction. */
export async function applyClientLinks(db: Database, ports: ClientLinkPorts, plan: LinkPlan, now: Date): Promise<{ tickets: number; vaultEntries: number; created: number }> {
  await lockSync(db);
  const byKey: { key: string; client_id: string }[] = [];
  const byDomain: { domain: string; client_id: string }[] = [];
  let created = 0;
  for (const p of plan.clients) {
    let id = p.existingId;
    if (id === null) {
      id = (await insertClient(db, { name: p.name, emailDomains: p.addDomains, createdAt: now, updatedAt: now })).id;
      created += 1;
    } else if (p.addDomains.length > 0) {
      const current = (await findClient(db, id, true))?.emailDomains ?? [];
      await updateClient(db, id, { emailDomains: [...new Set([...current, ...p.addDomains])], updatedAt: now });
    }
    for (const key of p.keys) byKey.push({ key, client_id: id });
    for (const domain of p.domains) byDomain.push({ domain, client_id: id });
  }
  const targets: LinkTargets = { byKey, byDomain };
  const tickets = await ports.tickets.link(db, targets);
  const vaultEntries = await ports.vault.link(db, targets);
  return { tickets, vaultEntries, created };
}

/** The lines a run prints: each client with its counts, then the totals (shared by the dry run and the real one). */
export function describePlan(plan: LinkPlan, dryRun: boolean): string[] {
  const verb = dryRun ? 'Would' : 'Will';
  const lines = plan.clients.map(
    (c) =>
      `${c.existingId ? 'link to existing' : 'create'} "${c.name}": ${c.tickets} ticket${c.tickets === 1 ? '' : 's'}, ${c.vaultEntries} vault entr${c.vaultEntries === 1 ? 'y' : 'ies'}` +
      (c.addDomains.length ? `, domains ${c.addDomains.join(', ')}` : ''),
  );
  const created = plan.clients.filter((c) => !c.existingId).length;
  lines.push(`${verb} create ${created} client${created === 1 ? '' : 's'} and link ${plan.clients.reduce((n, c) => n + c.tickets, 0)} tickets and ${plan.clients.reduce((n, c) => n + c.vaultEntries, 0)} vault entries.`);
  lines.push(`Tickets without a client: ${plan.unmatchedTickets} (listed in the app: Clients > Tickets without a client).`);
  return lines;
}

/**
 * One run of `npm run clients:link`: plans, prints, and unless `dryRun` applies the plan in one
 * transaction (planned again inside it, so what is applied is what the database holds then).
 */
export async function runClientLink(db: Database, ports: ClientLinkPorts, o: { dryRun: boolean; now: Date; log: (line: string) => void }): Promise<LinkPlan> {
  if (o.dryRun) {
    const plan = await planClientLinks(db, ports);
    for (const line of describePlan(plan, true)) o.log(line);
    return plan;
  }
  return db.transaction(async (tx) => {
    const plan = await planClientLinks(tx, ports);
    for (const line of describePlan(plan, false)) o.log(line);
    const done = await applyClientLinks(tx, ports, plan, o.now);
    o.log(`Done: created ${done.created} clients, linked ${done.tickets} tickets and ${done.vaultEntries} vault entries.`);
    return plan;
  });
}
