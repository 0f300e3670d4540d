/**
 * The clients feature's subscriber (docs/events.md, docs/clients.md "Matching"), registered in
 * api/src/event-subscribers.ts: `clients.match_new_tickets` runs IN the create's transaction on
 * `ticket.created` (public form, e-mail, status-link reply) and sets each new ticket's client and
 * contact by the rule of matching.ts: an active contact with exactly that e-mail, else the one
 * active client listing the e-mail's domain (never a free-mail domain; two clients -> none), else
 * nothing. A ticket staff created with a picked client (New Ticket) is left as it is. One select
 * of the matches for a whole group commit (up to 64 tickets), then one write through the tickets
 * port's `linkNewTickets` (the tickets feature owns support_tickets). On PGlite the group commit
 * skips both while no client could match (`prepare`, matchable.ts). That function is passed in by
 * event-subscribers.ts: the tickets feature imports the clients port, so importing it here would
 * close a feature cycle. `clients.last_visit` keeps each client's last visit from `visit.closed`.
 */
import { sql } from 'drizzle-orm';
import { isEmbedded, type Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clients, ticketFacts } from '../../db/schema';
import { nextSyncSeq } from '../../db/sync';
import { PASS, defineSubscriber } from '../../events';
import { clientDomainOf } from './matching';
import { clientsMayMatch } from './matchable';

/** What the subscribers need of other features (the tickets port's linkNewTickets). */
export interface ClientSubscriberDeps {
  linkNewTickets(tx: Database, links: { ticketId: string; clientId: string; contactId: string | null }[]): Promise<void>;
}

const matchNewTickets = (deps: ClientSubscriberDeps) => defineSubscriber({
  name: 'clients.match_new_tickets',
  events: ['ticket.created'],
  phase: 'transaction',
  // PGlite, before the group commit's transaction: nothing to match while no client could (matchable.ts).
  // Elsewhere the matches are read in the transaction: another process may be writing clients.
  prepare: async (_events, { db, inTransaction }) => (!inTransaction && isEmbedded(db) && !(await clientsMayMatch(db)) ? PASS : undefined),
  async handle(events, { tx }) {
    // A ticket born linked (New Ticket with a picked client) keeps what staff chose.
    const rows = events.filter((e) => !e.data.ticket.clientId).map((e) => ({ id: e.data.ticket.id, email: e.data.ticket.customerEmail.trim().toLowerCase(), domain: clientDomainOf(e.data.ticket.customerEmail) ?? '' }));
    if (rows.length === 0) return;
    const list = <T>(values: T[], type: string) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::${sql.raw(type)}[]`;
    const matched = await rowsOf<{ id: string; client_id: string; contact_id: string | null }>(tx, sql`
      with input as (
        select * from unnest(${list(rows.map((r) => r.id), 'uuid')}, ${list(rows.map((r) => r.email), 'text')}, ${list(rows.map((r) => r.domain), 'text')}) as i(id, email, domain)
      ),
      by_contact as (
        select distinct on (i.id) i.id, k.client_id, k.id as contact_id
        from input i
        join client_contacts k on lower(k.email) = i.email and k.archived_at is null
        join clients c on c.id = k.client_id and c.archived_at is null
        order by i.id, k.created_at, k.id
      ),
      by_domain as (
        select i.id, (array_agg(c.id))[1] as client_id
        from input i
        join clients c on c.email_domains @> array[i.domain] and c.archived_at is null
        where i.domain <> '' and i.id not in (select id from by_contact)
        group by i.id
        having count(*) = 1
      )
      select id, client_id, contact_id from by_contact
      union all
      select id, client_id, null::uuid from by_domain`);
    await deps.linkNewTickets(tx, matched.map((m) => ({ ticketId: m.id, clientId: m.client_id, contactId: m.contact_id })));
  },
});

/**
 * `clients.last_visit`: in the close-out's transaction, the client of the visit's ticket gets the
 * visit's end as its `last_visit_at` when it is later than the one it has (the phone's departure
 * time, or the server's receive time when the phone's clock was flagged, docs/visits.md), and moves
 * forward in the phones' delta feed (sync_seq; not `version`: no field a person edits changed).
 * A ticket without a client changes nothing. Reads the ticket through the tickets feature's view.
 */
const recordLastVisit = defineSubscriber({
  name: 'clients.last_visit',
  events: ['visit.closed'],
  phase: 'transaction',
  async handle(events, { tx }) {
    for (const e of events) {
      const { visit } = e.data;
      const at = new Date(visit.clockSuspect ? visit.receivedAt : visit.departedAt);
      await tx.execute(sql`
        update ${clients} c set last_visit_at = greatest(c.last_visit_at, ${at.toISOString()}::timestamptz), sync_seq = ${nextSyncSeq()}
          from ${ticketFacts} f where f.id = ${visit.ticketId} and c.id = f.client_id`);
    }
  },
});

/** The clients feature's subscribers, given what they need of other features. */
export const clientSubscribers = (deps: ClientSubscriberDeps) => [matchNewTickets(deps), recordLastVisit];
