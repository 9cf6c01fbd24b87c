import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { plainRecord } from './plain-record';

describe('plainRecord', () => {
  const schema = plainRecord(v.string(), v.unknown());

  it('refuses arrays and non-objects with the Spanish message', () => {
    for (const bad of [['x'], [null], null, 'x', 3]) {
      const r = v.safeParse(schema, bad);
      expect(r.success).toBe(false);
      expect(r.issues?.[0].message).toBe('Los datos deben ser un objeto');
    }
  });

  it('accepts a plain object unchanged', () => {
    expect(v.parse(schema, { a: 1, b: 'x' })).toEqual({ a: 1, b: 'x' });
  });
});
