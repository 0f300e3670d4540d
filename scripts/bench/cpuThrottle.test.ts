import { describe, expect, it } from 'vitest';
import { cpuThrottleRate, throttleLabel } from './cpuThrottle';

describe('BENCH_CPU_THROTTLE', () => {
  it('is 1 (no throttling) when unset, and names the rate in headings otherwise', () => {
    expect(cpuThrottleRate({})).toBe(1);
    expect(throttleLabel(1)).toBe('');
    expect(cpuThrottleRate({ BENCH_CPU_THROTTLE: '4' })).toBe(4);
    expect(throttleLabel(4)).toBe(', CPU 4x slower (BENCH_CPU_THROTTLE)');
  });

  it('refuses a value that is not a slowdown', () => {
    expect(() => cpuThrottleRate({ BENCH_CPU_THROTTLE: 'fast' })).toThrow('BENCH_CPU_THROTTLE must be a number >= 1, not fast');
    expect(() => cpuThrottleRate({ BENCH_CPU_THROTTLE: '0.5' })).toThrow('not 0.5');
  });
});
