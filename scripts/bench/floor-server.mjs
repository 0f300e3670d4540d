/**
 * The API floor server (issue 58 Decision 2, docs/benchmarks.md "The API floor"): bare node:http and
 * a `pg` pool of the app's size (10) running the app's own statements, captured from the app's
 * repository code by api-floor.ts, and answering with the bytes the app sends for them (a staff
 * TicketListPage: `{"items":...,"nextCursor":...,"more":...}`). No routing library, no middleware, no
 * authentication, no validation, no compression, no page cache: the thinnest server doing the same
 * database work, so the app's CPU per request over the floor's is what the app's own layers cost.
 *
 * Run: `node floor-server.mjs <spec.json>`; prints its port on stdout. The spec (api-floor.ts
 * FloorSpec): `databaseUrl`, and per path (`/listu`, `/searchu`) the statements in order, each
 * `{ name?, text, params, vary }`: `vary` names the parameters rebuilt per request from the query
 * string's `v` (`cursor`: replaced by v; `term`: the captured term's number in `'1':*` replaced by v).
 * The last statement's row is the page (staffListRepository.ts pageStatement: items, found, last_id).
 * `/health` runs the app's probe statement (`select 1`, features/health/routes.ts) and answers the
 * app's anonymous health body, `{"status":"ok"}`: the floor of `GET /api/health` with its database
 * round trip (the other health floor, bare node:http answering the same bytes, has none).
 * `POST /create` (spec.create, api-floor-create.ts CreateSpec) is a public ticket create in a group
 * commit like the app's (createQueue.ts): a submission that arrives while a group is being written
 * waits for the next group (up to 64); a group runs the captured reads and the app's create statement
 * with the group's rows (floor-create.mjs), and each submission is answered 201 with the app's body
 * (`{"id","ticketNumber","createdAt","statusUrl"}`, the link's token an HMAC of a new nonce).
 */
import http from 'node:http';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { TEXT_FIELDS, compileTemplate, createValues } from './floor-create.mjs';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: 10 });

let failed = false;
// A clean exit on SIGTERM (the bench's stop), so `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));

/** The parameters of statement `s` for the request's value `v`. */
function paramsOf(s, v) {
  if (s.vary.length === 0) return s.params;
  const out = s.params.slice();
  for (const { index, kind } of s.vary) out[index] = kind === 'cursor' ? v : String(out[index]).split(`'1':*`).join(`'${v}':*`);
  return out;
}

async function answer(target, v) {
  let row;
  for (const s of target.statements) {
    const res = await pool.query({ ...(s.name ? { name: s.name } : {}), text: s.text, values: paramsOf(s, v) });
    row = res.rows[0];
  }
  const more = Number(row.found) > target.limit;
  return `{"items":${row.items},"nextCursor":${JSON.stringify(more ? row.last_id : null)},"more":${more}}`;
}

const MAX_GROUP = 64;
const create = spec.create && {
  ...spec.create.create,
  params: spec.create.create.params.map((p) => (p.kind === 'rows' ? { kind: 'rows', fill: compileTemplate(p.template, spec.create.capture, spec.create.holdMs) } : p)),
};
const linkSecret = randomBytes(32);
let waiting = [];
let committing = false;

/** Queues one submission (a parsed form); resolves with its answer once its group committed. */
function submit(form) {
  const nonce = randomBytes(16).toString('base64url');
  const token = createHmac('sha256', linkSecret).update(`ticket-status:v1:${nonce}`, 'utf8').digest('base64url');
  const fields = {};
  for (const f of TEXT_FIELDS) fields[f] = form[f] ?? null;
  const ticket = { id: randomUUID(), now: Date.now(), nonce, token, hash: createHash('sha256').update(token, 'utf8').digest('hex'), fields };
  return new Promise((resolve, reject) => {
    waiting.push({ ticket, resolve, reject });
    pump();
  });
}

function pump() {
  if (committing || waiting.length === 0) return;
  committing = true;
  const group = waiting.slice(0, MAX_GROUP);
  waiting = waiting.slice(MAX_GROUP);
  writeGroup(group).finally(() => {
    committing = false;
    pump();
  });
}

async function writeGroup(group) {
  try {
    for (const s of spec.create.reads) await pool.query({ ...(s.name ? { name: s.name } : {}), text: s.text, values: s.params });
    const tickets = group.map((w) => w.ticket);
    const { rows } = await pool.query({ ...(create.name ? { name: create.name } : {}), text: create.text, values: createValues(create.params, tickets) });
    const numbers = new Map(rows.map((r) => [r.id, r.ticket_number]));
    for (const { ticket: t, resolve } of group) {
      resolve(`{"id":"${t.id}","ticketNumber":"${numbers.get(t.id)}","createdAt":"${new Date(t.now).toISOString()}","statusUrl":${JSON.stringify(spec.create.statusUrlPrefix + t.token)}}`);
    }
  } catch (err) {
    for (const w of group) w.reject(err);
  }
}

/** Reads a request's body as text. */
function bodyOf(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const fail = (res, path) => (err) => {
  if (!failed) process.stderr.write(`floor-server: ${path}: ${err?.message ?? err}\n`);
  failed = true;
  res.statusCode = 500;
  res.end(String(err?.message ?? err));
};

http
  .createServer((req, res) => {
    const url = new URL(req.url, 'http://floor');
    if (url.pathname === '/create' && create) {
      bodyOf(req)
        .then((text) => {
          const form = JSON.parse(text);
          // The captured jobs are those of this severity and contact method.
          if (form.severity !== spec.create.severity || form.contactMethod !== spec.create.contactMethod) throw new Error('floor: only the captured severity and contact method');
          return submit(form);
        })
        .then((body) => {
          res.statusCode = 201;
          res.setHeader('content-type', 'application/json; charset=utf-8');
          res.end(body);
        }, fail(res, url.pathname));
      return;
    }
    if (url.pathname === '/health') {
      pool.query('select 1').then(
        () => {
          res.setHeader('content-type', 'application/json; charset=utf-8');
          res.end('{"status":"ok"}');
        },
        (err) => {
          res.statusCode = 500;
          res.end(String(err?.message ?? err));
        },
      );
      return;
    }
    const target = spec.targets[url.pathname];
    if (!target) {
      res.statusCode = 404;
      res.end();
      return;
    }
    answer(target, url.searchParams.get('v') ?? '').then(
      (body) => {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(body);
      },
      fail(res, url.pathname),
    );
  })
  .listen(0, '127.0.0.1', function () {
    console.log(this.address().port);
  });
