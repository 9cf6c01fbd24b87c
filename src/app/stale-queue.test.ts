import { describe, expect, it } from 'vitest';
import { isStaleQueue } from './stale-queue';

describe('changes unsent for days', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('are at risk past 5 days, not before; an empty queue never is', () => {
    expect(isStaleQueue('2026-11-23T11:59:00Z', now)).toBe(true);
    expect(isStaleQueue('2026-11-23T12:01:00Z', now)).toBe(false);
    expect(isStaleQueue(undefined, now)).toBe(false);
    expect(isStaleQueue('no es una fecha', now)).toBe(false);
  });
});
