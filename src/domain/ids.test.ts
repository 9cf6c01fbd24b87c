import { describe, expect, it } from 'vitest';
import { newRadicado, normalizarRadicado, uuidv7 } from './ids';

describe('ids', () => {
  it('makes RFC 9562 version-7 UUIDs ordered by time', () => {
    const a = uuidv7(1_700_000_000_000);
    const b = uuidv7(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
  });
  it('makes radicados that are unambiguous and distinct', () => {
    const seen = new Set(Array.from({ length: 2000 }, newRadicado));
    expect(seen.size).toBe(2000);
    for (const r of seen) expect(r).toMatch(/^RAD-[2-9A-HJKMNP-Z]{8}$/);
  });
  it('reads a filing number as applicants type it', () => {
    for (const typed of ['RAD-83W5PB7N', 'rad-83w5pb7n', ' RAD 83W5PB7N ', 'RAD83W5PB7N', '83W5PB7N', '83w5-pb7n', 'Rad_83W5.PB7N', 'RAD – 83W5PB7N']) {
      expect(normalizarRadicado(typed), typed).toBe('RAD-83W5PB7N');
    }
    // Eight symbols are the code itself, even when they start with RAD.
    expect(normalizarRadicado('radabcde')).toBe('RAD-RADABCDE');
    for (const other of ['RAD-83W5PB7', '83W5PB7N9', 'XRAD-83W5PB7N', 'RAD-83W5PB7N/..']) {
      expect(normalizarRadicado(other), other).not.toMatch(/^RAD-[A-Z0-9]{8}$/);
    }
  });
});
