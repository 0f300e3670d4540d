/**
 * The middle value of `xs` (for an even count, the upper of the two middle values); `xs` is not
 * changed. The benchmarks report the median of interleaved rounds so that one slow moment of a
 * shared machine moves one sample, not the ratio.
 */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of no values');
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}
