import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF } from './backoff';

describe('backoff', () => {
  it('doubles from 1 s and is capped at 5 minutes', () => {
    expect([1, 2, 3, 4].map((n) => backoffCeiling(n))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffCeiling(9)).toBe(256_000);
    expect(backoffCeiling(10)).toBe(300_000);
    expect(backoffCeiling(10_000)).toBe(300_000);
  });

  it('uses full jitter: every delay lies in [0, ceiling]', () => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      for (const r of [0, 0.25, 0.999999]) {
        const d = backoffDelay(attempt, () => r);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(backoffCeiling(attempt));
      }
    }
    expect(backoffDelay(3, () => 0)).toBe(0);
    expect(backoffDelay(3, () => 0.5)).toBe(2_000);
    expect(backoffDelay(50, () => 0.999999)).toBeLessThanOrEqual(DEFAULT_BACKOFF.maxMs);
  });

  it('spreads delays with the default random source', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(8)));
    expect(delays.size).toBeGreaterThan(1);
    for (const d of delays) expect(d).toBeLessThanOrEqual(128_000);
  });
});
