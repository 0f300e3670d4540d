/**
 * The create floor's row templates (issue 58 Decision 2, docs/benchmarks.md "The API floor"): the
 * app's create statement (tickets/repository.ts `insertNewTickets` with the `ticket.created`
 * subscribers' CTEs: the notification jobs, the inbox items) takes its rows as JSON parameters, one
 * per table, each an array of the group's rows. api-floor-create.ts captures one group of one
 * ticket from the app's code; this module turns each captured array into a per-ticket template and
 * fills it for a new ticket, so floor-server.mjs writes the same rows without the app's layers.
 *
 * In a template, these captured values are slots, replaced per ticket:
 * - the captured ticket's id (a uuid) -> the new ticket's id;
 * - the captured status link's nonce and token hash -> the new ticket's;
 * - `"ord":1` (the ticket's place in its group) -> its place;
 * - every ISO timestamp -> the new ticket's time plus the captured offset (the SLA due times keep the
 *   captured policy's offsets); a `"due_at"` timestamp (a job's due time) also plus `holdMs`, so the
 *   app's dispatcher, polling the same database, does not send the floor's jobs;
 * - the captured form's free-text fields (JSON-escaped, as they appear inside the JSON text: client
 *   name, business name, e-mail, phone, issue) -> the new submission's.
 * Plain JavaScript: floor-server.mjs runs on bare node.
 */

const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/;

/** The text fields of a submission that a template carries verbatim. */
export const TEXT_FIELDS = ['clientName', 'businessName', 'customerEmail', 'customerPhone', 'issue'];

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `s` as it appears inside a JSON string. */
const inJson = (s) => JSON.stringify(s).slice(1, -1);

/**
 * Compiles the per-ticket template `text` (the inside of a captured JSON array: its elements joined
 * by commas) against `capture` ({ id, now (ISO), nonce, hash, fields: { clientName, ... } }).
 * Returns fill(ticket, ord) -> the text for ticket `{ id, now (ms), nonce, hash, fields }`.
 * @throws Error when a captured value to replace is empty.
 */
export function compileTemplate(text, capture, holdMs = 0) {
  const literal = new Map();
  literal.set(capture.id, (t) => t.id);
  literal.set(capture.nonce, (t) => t.nonce);
  literal.set(capture.hash, (t) => t.hash);
  literal.set('"ord":1,', (_t, ord) => `"ord":${ord},`);
  for (const f of TEXT_FIELDS) {
    const v = capture.fields[f];
    if (v === undefined || v === null) continue;
    literal.set(inJson(String(v)), (t) => inJson(String(t.fields[f] ?? '')));
  }
  for (const k of literal.keys()) if (!k) throw new Error('floor-create: an empty captured value cannot be a slot');
  const keys = [...literal.keys()].sort((a, b) => b.length - a.length).map(escapeRe);
  const re = new RegExp(`("due_at":")?(${ISO.source})|${keys.join('|')}`, 'g');
  const capturedNow = Date.parse(capture.now);
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(re)) {
    parts.push(text.slice(at, m.index));
    if (m[2]) {
      const offset = Date.parse(m[2]) - capturedNow + (m[1] ? holdMs : 0);
      if (m[1]) parts.push(m[1]);
      parts.push((t) => new Date(t.now + offset).toISOString());
    } else parts.push(literal.get(m[0]));
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return (ticket, ord) => {
    let out = '';
    for (const p of parts) out += typeof p === 'string' ? p : p(ticket, ord);
    return out;
  };
}

/**
 * The values of the create statement for `group` (tickets as for a template's fill), from the
 * classified parameters `params` (api-floor-create.ts: `{ kind: 'const', value }`, `{ kind: 'n' }`
 * the group's size, `{ kind: 'now' }` the latest ticket's time, `{ kind: 'rows', fill }` a JSON
 * array of every ticket's rows).
 */
export function createValues(params, group) {
  const latest = new Date(Math.max(...group.map((t) => t.now))).toISOString();
  return params.map((p) => {
    if (p.kind === 'const') return p.value;
    if (p.kind === 'n') return group.length;
    if (p.kind === 'now') return latest;
    return `[${group.map((t, i) => p.fill(t, i + 1)).join(',')}]`;
  });
}
