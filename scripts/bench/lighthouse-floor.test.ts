import { describe, expect, it } from 'vitest';
import { judge, type PageMedian } from './lighthouse-floor';

const page = (kind: PageMedian['page']['kind'], score: number, tbt: number): PageMedian => ({
  page: { label: kind, path: `/${kind}`, kind },
  score,
  lcp: 1000,
  tbt,
  runs: [score],
});

describe('judge (issue 59 goals against the floor)', () => {
  it('meets a public page within 3 points and 1.5x blocking time, and refuses one beyond either', () => {
    const [, , ok, lowScore, slow] = judge([page('floor', 92, 200), page('plain', 100, 20), page('public', 89, 300), page('public', 88, 100), page('public', 95, 301)]);
    expect(ok).toMatchObject({ pointsBelow: 3, tbtRatio: 1.5, met: true });
    expect(lowScore).toMatchObject({ pointsBelow: 4, met: false });
    expect(slow!.met).toBe(false);
  });

  it('gives a first visit 8 points and 2x, and the reference pages no goal', () => {
    const [floor, plain, visit, tooSlow] = judge([page('floor', 90, 100), page('plain', 100, 10), page('first-visit', 82, 200), page('first-visit', 85, 201)]);
    expect(floor!.met).toBeNull();
    expect(plain!.goal).toBeNull();
    expect(visit!.met).toBe(true);
    expect(tooSlow!.met).toBe(false);
  });

  it('keeps the ratio finite when the floor blocks for 0 ms, and needs a floor', () => {
    const [, p] = judge([page('floor', 99, 0), page('public', 99, 1)]);
    expect(p!.tbtRatio).toBe(1);
    expect(() => judge([page('public', 90, 10)])).toThrow(/no floor/);
  });
});
