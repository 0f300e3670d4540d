/**
 * The import rules of api/README.md "Layout", proved to fire (a lint rule that never fires protects
 * nothing):
 * - a feature imports the notification engine only through `notify/index.ts` (boundaries);
 * - no circular imports: `import-x/no-cycle` (value imports) in ESLint, and here a scan that also
 *   follows type-only imports, file by file and feature by feature, over {@link CYCLE_FREE_ROOTS};
 * - no file over {@link MAX_LINES} lines in {@link CYCLE_FREE_ROOTS} (tests, styles and docs included):
 *   a longer file is split along a seam, never listed here as an exception;
 * - a feature's SQL names only its own tables, the read views of other features and the shared
 *   tables (table-ownership.testkit.ts: owners, views, the allow-list with its reasons).
 * - no function or React component over {@link MAX_FUNCTION_LINES} lines in the sources of
 *   {@link CYCLE_FREE_ROOTS} (test files aside: a `describe` callback is a list of cases): a longer one
 *   is split into sections, field groups or helpers, never listed here as an exception.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { CROSSINGS, READ_VIEWS, TABLE_OWNERS, allowedBecause, namedTables, schemaObjects } from './table-ownership.testkit';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Source trees whose import graph (type-only imports included) must have no cycle. */
const CYCLE_FREE_ROOTS = ['api/src', 'shared/src', 'pwa/src'];

/** The most lines a file under {@link CYCLE_FREE_ROOTS} may have. */
const MAX_LINES = 300;

/** The most lines one function, method or component (arrow functions included) may span. */
const MAX_FUNCTION_LINES = 120;

describe('lint rules fire', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: repo });
  });
  const lint = async (file: string, code: string) => (await eslint.lintText(code, { filePath: path.join(repo, file) }))[0]!.messages;

  it("a feature importing a notify module other than index.ts breaks the boundaries rule; notify's entry passes", async () => {
    const internal = await lint('api/src/features/tickets/lint-fixture.ts', "import { insertJobs } from '../../notify/jobs';\nexport const f = insertJobs;\n");
    expect(internal.map((m) => m.ruleId)).toContain('boundaries/dependencies');
    const entry = await lint('api/src/features/tickets/lint-fixture.ts', "import { enqueue } from '../../notify';\nexport const f = enqueue;\n");
    expect(entry).toEqual([]);
  }, 60_000);

  it('a value import that closes a cycle is an import-x/no-cycle error', async () => {
    // notify/providers/sms.ts imports notify/phone.ts; phone.ts importing sms.ts back closes a cycle.
    const messages = await lint('api/src/notify/phone.ts', "import { createLogSms } from './providers/sms';\nexport const f = createLogSms;\n");
    expect(messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  }, 60_000);
});

/** Every .ts/.tsx file under `root` (absolute paths), declarations aside. */
function sourceFiles(root: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(root, { withFileTypes: true })) {
    const p = path.join(root, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The import graph of `files`: relative imports and `@portal/shared`, type-only ones included. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolve = (from: string, spec: string): string | undefined => {
    if (spec === '@portal/shared') return path.join(repo, 'shared/src/index.ts');
    if (!spec.startsWith('.')) return undefined;
    const base = path.resolve(path.dirname(from), spec);
    return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((c) => known.has(c));
  };
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(f, 'utf8'), true, true);
    graph.set(f, [...new Set(importedFiles.map((i) => resolve(f, i.fileName)).filter((x): x is string => x !== undefined))]);
  }
  return graph;
}

/** The strongly connected components of more than one node (Tarjan): each is a cycle. */
function cycles<T>(graph: Map<T, Iterable<T>>): T[][] {
  let next = 0;
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const found: T[][] = [];
  const visit = (v: T) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: T[] = [];
      let w: T;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('no circular imports, type-only imports included', () => {
  const files = CYCLE_FREE_ROOTS.flatMap((r) => sourceFiles(path.join(repo, r)));
  const graph = importGraph(files);
  const rel = (f: string) => path.relative(repo, f);

  it('finds a cycle when there is one (the scan works)', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['a']], ['c', ['a']]]))).toEqual([['b', 'a']]);
  });

  it('no file cycle in api/src, shared/src and pwa/src', () => {
    expect(cycles(graph).map((c) => c.map(rel).sort())).toEqual([]);
  });

  it('no cycle between API features (ports included; tests and test kits aside)', () => {
    const featureOf = (f: string) => (/\.test\.ts$|\.testkit\.ts$/.test(f) ? undefined : /api\/src\/features\/([^/]+)\//.exec(f)?.[1]);
    const features = new Map<string, Set<string>>();
    for (const [f, deps] of graph) {
      const from = featureOf(f);
      if (!from) continue;
      const to = features.get(from) ?? new Set<string>();
      features.set(from, to);
      for (const d of deps) {
        const other = featureOf(d);
        if (other && other !== from) to.add(other);
      }
    }
    expect(features.size).toBeGreaterThan(10);
    expect(cycles(features)).toEqual([]);
  });
});

/** Every file under `root` (absolute paths), whatever its type. */
function allFiles(root: string): string[] {
  return fs.readdirSync(root, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? allFiles(path.join(root, e.name)) : [path.join(root, e.name)]));
}

/** Lines as `wc -l` counts them, plus a last line without a newline. */
const lineCount = (text: string) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

describe(`no file over ${MAX_LINES} lines`, () => {
  it('counts lines like wc -l', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\n')]).toEqual([0, 1, 1, 2, 2]);
  });

  it('in api/src, shared/src and pwa/src, tests included', () => {
    const long = CYCLE_FREE_ROOTS.flatMap((r) => allFiles(path.join(repo, r)))
      .map((f) => ({ file: path.relative(repo, f), lines: lineCount(fs.readFileSync(f, 'utf8')) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });
});

describe("a feature's SQL names only its own tables (others through their ports or read views)", () => {
  const objects = schemaObjects(path.join(repo, 'api/src/db/schema'));
  const known = new Set([...Object.keys(TABLE_OWNERS), ...Object.keys(READ_VIEWS)]);
  const featuresDir = path.join(repo, 'api/src/features');
  /** `feature: file names table` for every name the feature may not use. */
  const violations = (feature: string, file: string, code: string) =>
    [...namedTables(code, known, objects)].filter((t) => allowedBecause(feature, t) === undefined).map((t) => `${feature}: ${file} names ${t}`);
  const featureFiles = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => sourceFiles(path.join(featuresDir, e.name)).map((f) => ({ feature: e.name, file: f })))
    .filter(({ file }) => !/\.(test|testkit)\.ts$/.test(file));

  it('catches a violation: SQL text and Drizzle imports are read, comments are not', () => {
    const code = [
      "import { ticketCounts, users } from '../../db/schema';",
      '// counts come from ticket_search (a comment names nothing)',
      'const q = sql`SELECT t.id FROM support_tickets t JOIN "ticket_updates" u ON u.ticket_id = t.id WHERE t.x = ${1}`;',
      "const r = sql`select 1 from ticket_facts f join ${x} using (id)`;",
    ].join('\n');
    expect([...namedTables(code, known, objects)].sort()).toEqual(['support_tickets', 'ticket_counts', 'ticket_facts', 'ticket_updates', 'users']);
    expect(violations('scheduler', 'fixture.ts', code).sort()).toEqual(['support_tickets', 'ticket_counts', 'ticket_updates'].map((t) => `scheduler: fixture.ts names ${t}`));
    expect(violations('tickets', 'fixture.ts', code)).toEqual([]);
  });

  it('every table and view of the migrations has its owner here', () => {
    const migrations = fs
      .readdirSync(path.join(repo, 'api/drizzle'))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => fs.readFileSync(path.join(repo, 'api/drizzle', f), 'utf8').replace(/--[^\n]*/g, ''))
      .join('\n');
    const tables = [...migrations.matchAll(/create table (?:if not exists )?"?([a-z0-9_]+)/gi)].map((m) => m[1]!);
    const views = [...migrations.matchAll(/create (?:or replace )?view "?([a-z0-9_]+)/gi)].map((m) => m[1]!);
    expect(tables.filter((t) => !TABLE_OWNERS[t])).toEqual([]);
    expect(views.filter((v) => !READ_VIEWS[v])).toEqual([]);
    expect(views.length).toBeGreaterThan(0);
  });

  it('in api/src/features (tests and test kits aside); no allow-listed crossing is stale', () => {
    expect(featureFiles.length).toBeGreaterThan(100);
    const found: string[] = [];
    const crossingsUsed = new Set<string>();
    for (const { feature, file } of featureFiles) {
      const code = fs.readFileSync(file, 'utf8');
      found.push(...violations(feature, path.relative(featuresDir, file), code));
      for (const t of namedTables(code, known, objects)) if (CROSSINGS[`${feature}>${t}`]) crossingsUsed.add(`${feature}>${t}`);
    }
    expect(found).toEqual([]);
    expect(Object.keys(CROSSINGS).filter((c) => !crossingsUsed.has(c))).toEqual([]);
  });
});

/** A function-like node's name as a reader finds it: its own, its variable's, its property's or its call's. */
function functionName(node: ts.FunctionLikeDeclaration, sf: ts.SourceFile): string {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(sf);
  if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText(sf).slice(0, 40)}`;
  return '(anonymous)';
}

/** Every function, method, arrow function and component in `file` longer than `max` lines, as "file:line name: N lines". */
function longFunctions(file: string, text: string, max: number): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const lines = sf.getLineAndCharacterOfPosition(node.end).line - first + 1;
      if (lines > max) found.push(`${file}:${first + 1} ${functionName(node, sf)}: ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe(`no function or component over ${MAX_FUNCTION_LINES} lines`, () => {
  it('finds long functions of every shape (the scan works)', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const code = [
      `export function Long() {\n${body(4)}\n}`,
      `export const Arrow = () => {\n${body(4)}\n};`,
      `class C {\n  m() {\n${body(4)}\n  }\n}`,
      `export const short = () => 1;`,
    ].join('\n');
    expect(longFunctions('x.tsx', code, 5).map((f) => f.replace(/^x\.tsx:\d+ /, ''))).toEqual(['Long: 6 lines', 'Arrow: 6 lines', 'm: 6 lines']);
  });

  it('in the sources of api/src, shared/src and pwa/src', () => {
    const long = CYCLE_FREE_ROOTS.flatMap((r) => sourceFiles(path.join(repo, r)))
      .filter((f) => !/\.test\.tsx?$/.test(f))
      .flatMap((f) => longFunctions(path.relative(repo, f), fs.readFileSync(f, 'utf8'), MAX_FUNCTION_LINES));
    expect(long).toEqual([]);
  });
});
