import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createdKey } from '../../db/created-key';
import { dayKeyRange, FECHA_FILTRO_INVALIDA, formatDay, inDayRange, indexBounds, localDayKey, RANGO_INVERTIDO, rangeProblems } from './date-range';

// Built from local time, so the tests hold in any time zone.
const local = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(y, m - 1, d, h, min).toISOString();

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

describe('dayKeyRange', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  const pad = (n: number) => String(n).padStart(2, '0');
  // Typed days, including ones that pass the input format but are not calendar days.
  const day = fc
    .tuple(
      fc.constantFrom(2024, 2025),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`);
  const bound = fc.oneof(day, fc.constant(''));
  // An instant within two days of a typed day (so the ends are hit), written the ways a
  // created_at arrives, plus values that are not dates.
  const near = fc.tuple(day, fc.integer({ min: -2 * 1440, max: 2 * 1440 })).map(([d, minutes]) => {
    const [y, m, dd] = d.split('-').map(Number);
    return new Date(y, m - 1, dd).getTime() + minutes * 60_000;
  });
  const createdAt = fc.oneof(
    near.map((t) => new Date(t).toISOString()),
    near.map((t) => new Date(t).toISOString().replace('T', ' ').replace('Z', '+00')),
    near.map((t) => {
      const d = new Date(t);
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    }),
    fc.constantFrom('', 'no es fecha'),
  );

  for (const tz of ['UTC', 'America/Bogota', 'Asia/Kolkata', 'America/Santiago']) {
    it(`selects exactly the keys of the rows inDayRange accepts (${tz})`, () => {
      process.env.TZ = tz;
      fc.assert(
        fc.property(createdAt, bound, bound, (created, desde, hasta) => {
          const { lower, upper } = dayKeyRange(desde, hasta);
          const key = createdKey(created);
          const inKeys = key < upper && (lower === '' ? key !== '' : key >= lower);
          const ranged = desde !== '' || hasta !== '';
          expect(!ranged || inKeys).toBe(inDayRange(created, desde, hasta));
        }),
        { numRuns: 2000 },
      );
    });
  }
});

describe('rangeProblems', () => {
  const none = new Set<string>();
  it('says a date written whole that is not a day is not applied', () => {
    expect(rangeProblems('31/02/2026', '', none)).toEqual({ desde: FECHA_FILTRO_INVALIDA });
    expect(rangeProblems('', '99/99/2026', none)).toEqual({ hasta: FECHA_FILTRO_INVALIDA });
  });

  it('lets a date being typed be, until its field is left', () => {
    expect(rangeProblems('31/0', '', none)).toEqual({});
    expect(rangeProblems('31/0', '', new Set(['desde']))).toEqual({ desde: FECHA_FILTRO_INVALIDA });
  });

  it('says when the start is after the end, and nothing for a range in order or open', () => {
    expect(rangeProblems('2026-03-02', '2026-03-01', none)).toEqual({ desde: RANGO_INVERTIDO });
    expect(rangeProblems('2026-03-01', '2026-03-01', none)).toEqual({});
    expect(rangeProblems('2026-03-01', '2026-03-02', none)).toEqual({});
    expect(rangeProblems('2026-03-02', '', none)).toEqual({});
  });
});
