/**
 * The converter of valibot schemas into fast-check arbitraries (model/schema-arb.ts) that the model
 * test of sync draws every mutation's args from: for every mutation with a generator, its schema's
 * draws pass that schema in the vast majority, the invalid draws never do, and a schema kind the
 * converter does not know throws with its name.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { MUTATIONS, type MutationName } from '../../src/domain/mutations';
import { GENERATORS } from './model/generators';
import { breakArb, schemaArb } from './model/schema-arb';

const NAMES = (Object.keys(MUTATIONS) as MutationName[]).filter((n) => GENERATORS[n]);
const SAMPLES = 300;

describe('valibot schema → fast-check arbitrary', () => {
  it.each(NAMES)('%s: draws pass its schema in the vast majority', (name) => {
    const schema = MUTATIONS[name].args;
    const draws = fc.sample(schemaArb(schema), { numRuns: SAMPLES, seed: 20261126 });
    const failed = draws.map((d) => ({ d, r: v.safeParse(schema, d) })).filter((x) => !x.r.success);
    const shown = failed.slice(0, 2).map((x) => `${JSON.stringify(x.d).slice(0, 300)}: ${x.r.issues?.[0]?.message}`);
    expect(failed.length / SAMPLES, `${name}: draws refused by the schema, e.g.\n${shown.join('\n')}`).toBeLessThan(0.1);
  });

  it.each(NAMES)('%s: a broken entry makes the whole args fail its schema', (name) => {
    const schema = MUTATIONS[name].args;
    const broken = breakArb(schema);
    expect(broken, `${name}: no entry can be broken`).not.toBeNull();
    const arb = fc.tuple(schemaArb(schema), broken!).map(([args, b]) => ({ ...(args as object), [b.key]: b.value }));
    for (const args of fc.sample(arb, { numRuns: 100, seed: 20261126 })) {
      expect(v.safeParse(schema, args).success, JSON.stringify(args).slice(0, 300)).toBe(false);
    }
  });

  it('throws with the name of a schema kind or action it does not know', () => {
    expect(() => schemaArb(v.date())).toThrow(/unsupported schema kind 'date'/);
    expect(() => schemaArb(v.object({ a: v.optional(v.bigint()) }))).toThrow(/'bigint'/);
    expect(() => schemaArb(v.pipe(v.string(), v.ulid()))).toThrow(/unsupported pipe action 'ulid'/);
  });
});
