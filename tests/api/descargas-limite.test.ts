/**
 * Document downloads have a budget per user (GET /api/documentos/:id, registro/routes.ts): each one
 * reads the whole file out of the database, so a session fetching a large file in a loop would slow
 * every other request (security audit: an asesor downloading a large PDF in a loop). Past the
 * budget the answer is 429 with Retry-After and the app's Spanish message, and another user's
 * downloads go on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type TestContext } from './helpers';
import { multipart } from './security-fixtures';
import { solicitudes } from '../../server/src/db/schema';
import { PDF } from '../../src/test-utils/office-files';
import { RATE_LIMITED_MESSAGE } from '../../server/src/plugins/errors';

const BUDGET = 3;
let ctx: TestContext;
let documentoId: string;

beforeAll(async () => {
  ctx = await createTestContext({ descargasRateLimit: BUDGET });
  const [s] = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)))
    .limit(1);
  const mp = multipart({ solicitud_id: s.id }, [{ field: 'file', name: 'cedula.pdf', data: PDF, type: 'application/pdf' }]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/documentos', payload: mp.payload, headers: { ...mp.headers, ...bearer(await loginAs(ctx.app, 'admin')) } });
  expect(res.statusCode, res.body).toBe(200);
  documentoId = (res.json().data as { id: string }).id;
});
afterAll(() => ctx.close());

const download = async (token: string) => ctx.app.inject({ method: 'GET', url: `/api/documentos/${documentoId}`, headers: bearer(token) });

describe('document downloads', () => {
  it('are served within the budget and refused past it with Retry-After, while another user goes on', async () => {
    const admin = await loginAs(ctx.app, 'admin');
    for (let i = 0; i < BUDGET; i++) {
      const ok = await download(admin);
      expect(ok.statusCode).toBe(200);
      expect(ok.rawPayload.equals(PDF)).toBe(true);
    }
    const refused = await download(admin);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED', error: RATE_LIMITED_MESSAGE });
    expect(refused.rawPayload.includes(PDF)).toBe(false);

    const supervisor = await download(await loginAs(ctx.app, 'supervisor'));
    expect(supervisor.statusCode).toBe(200);
  });

  it('count per user, not per session: a new login does not refill it', async () => {
    const again = await download(await loginAs(ctx.app, 'admin'));
    expect(again.statusCode).toBe(429);
  });
});
