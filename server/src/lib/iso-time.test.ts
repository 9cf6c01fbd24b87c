import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time';

describe('isoTime', () => {
  it('reads the drivers’ text with an hours-only offset', () => {
    expect(isoTime('2026-11-23 22:10:00.1+00')).toBe('2026-11-23T22:10:00.100Z');
    expect(isoTime('2026-11-23 17:10:00-05')).toBe('2026-11-23T22:10:00.000Z');
  });
  it('reads a full offset and ISO text alike', () => {
    expect(isoTime('2026-11-23T17:10:00-05:00')).toBe('2026-11-23T22:10:00.000Z');
    expect(isoTime('2026-11-23T22:10:00Z')).toBe('2026-11-23T22:10:00.000Z');
  });
  it('keeps null, and a text that is no timestamp as it is', () => {
    expect(isoTime(null)).toBeNull();
    expect(isoTime('pronto')).toBe('pronto');
  });
});
