/**
 * Retry delay after a temporary sync failure (503, network): exponential with full jitter.
 * Invariants: pure; attempt 1 waits at most `baseMs`, each attempt doubles the ceiling, the
 * ceiling never exceeds `maxMs`; the delay is uniform in [0, ceiling] so many clients that failed
 * together do not come back together.
 */
export interface BackoffPolicy {
  baseMs: number;
  factor: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, factor: 2, maxMs: 5 * 60_000 };

/** The largest delay for the n-th consecutive failure (n ≥ 1). */
export function backoffCeiling(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const n = Math.max(1, Math.floor(attempt));
  // The exponent is capped so a huge attempt count cannot overflow to Infinity.
  return Math.min(policy.maxMs, policy.baseMs * policy.factor ** Math.min(n - 1, 60));
}

/** Full jitter: uniform in [0, ceiling]. `random` returns a number in [0, 1). */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): number {
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(r * backoffCeiling(attempt, policy));
}
