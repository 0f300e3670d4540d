/**
 * Lighthouse against a floor (issue 59; docs/benchmarks.md "Lighthouse against a floor"). The scores
 * move with the machine, so each page of the app is judged against two reference pages measured in
 * the same run, interleaved with it (scripts/bench/floor.ts): a bare React 19 page with a
 * three-field form (the floor) and a plain HTML form. Each round audits every page once, in an order
 * rotated per round so no page is always first after a browser start; the table gives medians.
 *
 * Goals (issue 59): public pages within 3 points of the floor's score and total blocking time at
 * most 1.5x the floor's; a technician's first visit within 8 points and at most 2x.
 */
import { loadavg } from 'node:os';
import { FLOOR_PATHS } from './floor';
import { runLighthouse, type LighthouseResult, type SignedIn } from './lighthouse';
import { median } from './median';

/** A page to audit: `label` is what the table prints (e.g. /status/:token for a token path). */
export interface AuditPage {
  label: string;
  path: string;
  kind: 'floor' | 'plain' | 'public' | 'first-visit';
}

/** Medians of one page over the rounds: score 0-100, LCP and TBT in ms; `runs` = scores per round. */
export interface PageMedian {
  page: AuditPage;
  score: number;
  lcp: number;
  tbt: number;
  runs: number[];
}

/** A page's verdict against the floor: points below it, TBT as a multiple of its TBT, and the goal. */
export interface Verdict extends PageMedian {
  pointsBelow: number;
  tbtRatio: number;
  goal: { points: number; tbtFactor: number } | null;
  met: boolean | null;
}

/** Issue 59's goals by page kind (points below the floor's score, multiple of its blocking time). */
export const FLOOR_GOALS = { public: { points: 3, tbtFactor: 1.5 }, 'first-visit': { points: 8, tbtFactor: 2 } } as const;

/**
 * Judges each page's medians against the floor's (the `floor` kind's median must be present).
 * A floor TBT of 0 ms counts as 1 ms, so the ratio stays finite; pages without a goal (the floor and
 * the plain page) get `goal: null, met: null`. Throws when no floor median is given.
 */
export function judge(medians: PageMedian[]): Verdict[] {
  const floor = medians.find((m) => m.page.kind === 'floor');
  if (!floor) throw new Error('judge: no floor page among the medians');
  const floorTbt = Math.max(floor.tbt, 1);
  return medians.map((m) => {
    const goal = m.page.kind === 'public' || m.page.kind === 'first-visit' ? FLOOR_GOALS[m.page.kind] : null;
    const pointsBelow = floor.score - m.score;
    const tbtRatio = m.tbt / floorTbt;
    return { ...m, pointsBelow, tbtRatio, goal, met: goal ? pointsBelow <= goal.points && tbtRatio <= goal.tbtFactor : null };
  });
}

/** Rotates `xs` left by `by` places (round r starts with a different page). */
const rotate = <T>(xs: T[], by: number): T[] => xs.map((_, i) => xs[(i + by) % xs.length]!);

/**
 * Audits the floor pages, `publicPages` and (with `signedIn`) a technician's first visit to
 * /technician, `rounds` times interleaved, and returns each page's medians. Public pages and the
 * floor share one fresh browser per round (Lighthouse resets storage per audit); the first visit
 * gets its own browser per round, so the cache is cold and no service worker is registered.
 */
export async function measureAgainstFloor(baseURL: string, publicPages: AuditPage[], rounds: number, signedIn?: SignedIn): Promise<PageMedian[]> {
  const floorPages: AuditPage[] = [
    { label: 'floor: bare React', path: FLOOR_PATHS.react, kind: 'floor' },
    { label: 'plain HTML form', path: FLOOR_PATHS.plain, kind: 'plain' },
  ];
  const pages = [...floorPages, ...publicPages];
  const firstVisit: AuditPage = { label: '/technician (first visit)', path: '/technician', kind: 'first-visit' };
  const results = new Map<AuditPage, LighthouseResult[]>();
  const add = (page: AuditPage, r: LighthouseResult) => results.set(page, [...(results.get(page) ?? []), r]);
  for (let round = 0; round < rounds; round++) {
    const order = rotate(pages, round);
    const audited = await runLighthouse(baseURL, order.map((p) => p.path));
    audited.forEach((r, i) => add(order[i]!, r));
    if (signedIn) for (const r of await runLighthouse(baseURL, [firstVisit.path], signedIn)) add(firstVisit, r);
    console.log(`lighthouse round ${round + 1}/${rounds} done (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  }
  return [...results].map(([page, rs]) => ({
    page,
    score: median(rs.map((r) => r.performance)),
    lcp: median(rs.map((r) => r.lcp)),
    tbt: median(rs.map((r) => r.tbt)),
    runs: rs.map((r) => r.performance),
  }));
}

/** Prints the floor table (one line per page) and the verdicts; returns whether every goal was met. */
export function printFloorTable(verdicts: Verdict[]): boolean {
  console.log('page                          score (runs)        LCP ms   TBT ms   vs floor: points  TBT x   goal                 verdict');
  for (const v of verdicts) {
    const goal = v.goal ? `<= ${v.goal.points} pts, <= ${v.goal.tbtFactor}x` : '';
    const verdict = v.met === null ? '' : v.met ? 'met' : 'NOT MET';
    console.log(
      `${v.page.label.padEnd(30)}${`${v.score} (${v.runs.join('/')})`.padEnd(20)}${String(v.lcp).padStart(6)}   ${String(v.tbt).padStart(6)}   ${(v.pointsBelow > 0 ? `-${v.pointsBelow}` : v.pointsBelow < 0 ? `+${-v.pointsBelow}` : "0").padStart(16)}  ${v.tbtRatio.toFixed(2).padStart(5)}   ${goal.padEnd(21)}${verdict}`,
    );
  }
  return verdicts.every((v) => v.met !== false);
}
