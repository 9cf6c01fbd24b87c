import { describe, expect, it } from 'vitest';
import { newRadicado, uuidv7 } from './ids';

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
});
