import { describe, expect, it } from 'vitest';
import { formatDay, inDayRange, indexBounds, localDayKey } from './date-range';

// Built from local time, so the tests hold in any time zone.
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

describe('inDayRange', () => {
  it('includes both ends by local calendar day', () => {
    expect(inDayRange(local(2025, 3, 10, 0, 0), '2025-03-10', '2025-03-12')).toBe(true);
    expect(inDayRange(local(2025, 3, 12, 23, 59), '2025-03-10', '2025-03-12')).toBe(true);
    expect(inDayRange(local(2025, 3, 9, 23, 59), '2025-03-10', '2025-03-12')).toBe(false);
    expect(inDayRange(local(2025, 3, 13, 0, 0), '2025-03-10', '2025-03-12')).toBe(false);
  });

  it('treats a blank end as open', () => {
    expect(inDayRange(local(2030, 1, 1), '2025-03-10', '')).toBe(true);
    expect(inDayRange(local(2000, 1, 1), '', '2025-03-10')).toBe(true);
    expect(inDayRange(local(2025, 3, 11), '2025-03-12', '')).toBe(false);
  });

  it('excludes rows without a valid created_at only when a range is set', () => {
    expect(inDayRange('', '2025-03-10', '')).toBe(false);
    expect(inDayRange('no es fecha', '', '2025-03-10')).toBe(false);
    expect(inDayRange(null, '', '')).toBe(true);
  });

  it('gives no match when the start is after the end', () => {
    expect(inDayRange(local(2025, 3, 11), '2025-03-12', '2025-03-10')).toBe(false);
  });
});

describe('helpers', () => {
  it('read the local day and format it dd/mm/yyyy', () => {
    expect(localDayKey(local(2025, 12, 31, 23, 30))).toBe('2025-12-31');
    expect(formatDay(local(2025, 1, 5, 8))).toBe('05/01/2025');
    expect(formatDay('1990-04-05')).toBe('05/04/1990');
    expect(formatDay('x')).toBe('');
  });

  it('index bounds contain every instant of the selected days', () => {
    const { lower, upper } = indexBounds('2025-03-10', '2025-03-12');
    expect(lower <= local(2025, 3, 10, 0, 0)).toBe(true);
    expect(upper >= local(2025, 3, 12, 23, 59)).toBe(true);
  });
});
