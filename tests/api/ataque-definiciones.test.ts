/**
 * Field definitions named like a member of every JavaScript object. Record values are checked by
 * own keys only (src/domain/solicitud.ts `isJsonKey`): a path such as
 * `solicitante.info_extra.constructor` is never editable. Before this suite an admin could still
 * define a field with the internal name 'constructor': every form of the company then showed a
 * field whose value no edit could ever save (each edit was rejected), and code reading
 * `values[key]` on a plain object found Object's constructor function instead of 'no value'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type TestContext } from './helpers';
import { definiciones } from '../../server/src/db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('a field definition', () => {
  it("refuses the internal names 'constructor' and 'prototype' with a Spanish message and stores nothing", async () => {
    const token = await loginAs(ctx.app, 'admin');
    for (const key of ['constructor', 'prototype']) {
      for (const url of ['/api/json/definitions/solicitante/info_extra', '/api/json/definitions/referencia/detalle_referencia']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          headers: bearer(token),
          payload: { definitions: [{ key, type: 'string', description: 'Campo trampa' }] },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION' });
        expect(res.json().error).toContain(`El nombre interno «${key}» está reservado; elige otro`);
      }
      const stored = await ctx.database.db.select().from(definiciones).where(and(eq(definiciones.empresaId, ctx.seeded.demo.id), eq(definiciones.key, key)));
      expect(stored).toEqual([]);
    }
  });

  it('still takes an ordinary name that merely contains one of them', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/json/definitions/solicitante/info_extra',
      headers: bearer(await loginAs(ctx.app, 'admin')),
      payload: { definitions: [{ key: 'constructor_obra', type: 'string', description: 'Constructora donde trabaja' }] },
    });
    expect(res.statusCode).toBe(200);
  });
});
