import { afterEach, describe, expect, it } from 'vitest';
import { createdKey, parseDate } from './created-key';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('createdKey', () => {
  it('is the canonical UTC ISO instant of ISO and PostgreSQL text timestamps', () => {
    expect(createdKey('2025-03-01T17:04:05.123Z')).toBe('2025-03-01T17:04:05.123Z');
    expect(createdKey('2025-03-01 17:04:05.123456+00')).toBe('2025-03-01T17:04:05.123Z');
    expect(createdKey('2025-03-01 17:04:05+00')).toBe('2025-03-01T17:04:05.000Z');
    expect(createdKey('2025-03-01 12:04:05.5-05')).toBe('2025-03-01T17:04:05.500Z');
    expect(createdKey('2025-03-01T22:34:05+05:30')).toBe('2025-03-01T17:04:05.000Z');
    expect(createdKey('2025-03-01 22:34:05+0530')).toBe('2025-03-01T17:04:05.000Z');
  });

  it('reads a bare day and an offset-less time as local time', () => {
    process.env.TZ = 'America/Bogota';
    expect(createdKey('2025-03-01')).toBe('2025-03-01T05:00:00.000Z');
    expect(createdKey('2025-03-01 10:00:00')).toBe('2025-03-01T15:00:00.000Z');
  });

  it('is empty for anything that is not a date of the years 0000-9999', () => {
    expect(createdKey('')).toBe('');
    expect(createdKey('no es fecha')).toBe('');
    expect(createdKey(null)).toBe('');
    expect(createdKey(1_700_000_000_000)).toBe('');
    expect(createdKey('+010000-01-01T00:00:00.000Z')).toBe('');
  });

  it('parses like the engine for the forms it rewrites', () => {
    for (const v of [
      '2025-03-01 17:04:05.123+00',
      '2025-03-01 17:04:05+00',
      '2025-03-01 12:04:05.5-05',
      '2025-12-31 23:59:59.999+00',
    ]) {
      expect(parseDate(v)?.getTime()).toBe(new Date(v).getTime());
    }
  });
});
