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
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';

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

http
  .createServer((req, res) => {
    const url = new URL(req.url, 'http://floor');
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
      (err) => {
        if (!failed) process.stderr.write(`floor-server: ${url.pathname}: ${err?.message ?? err}\n`);
        failed = true;
        res.statusCode = 500;
        res.end(String(err?.message ?? err));
      },
    );
  })
  .listen(0, '127.0.0.1', function () {
    console.log(this.address().port);
  });
