/**
 * The public upload cannot fill the disk or hold the database (issue #30):
 * POST /api/seguimiento/actualizar-documentos takes at most 5 files and 10 MB per request (413)
 * and, per filing, at most 20 files and 50 MB a day (429 with Retry-After), each with a Spanish
 * message; refused uploads store nothing; a retried upload (same upload_id) is not counted twice;
 * the bodies are read and checked before any database transaction opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNotNull, like, notInArray, sql } from 'drizzle-orm';
import { createTestContext, JWT_SECRET, type TestContext } from './helpers';
import { buildApp, type AppOptions } from '../../server/src/app';
import { documentos, seguimientoEtapas, solicitudes } from '../../server/src/db/schema';
import type { Db } from '../../server/src/db/client';
import { multipart, PDF } from './security-fixtures';
import { ESTADOS_CERRADOS } from '../../src/domain/seguimiento';

let ctx: TestContext;
let filings: Array<typeof solicitudes.$inferSelect>;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ seguimientoRateLimit: 10_000 });
  // Open filings: a closed one (Negado, Desistido, Pagado) takes no documents.
  filings = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), notInArray(solicitudes.estado, [...ESTADOS_CERRADOS])))
    .limit(6);
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await ctx.close();
});

async function app(opts: Partial<AppOptions> = {}, db: Db = ctx.database.db) {
  const a = await buildApp({ db, jwtSecret: JWT_SECRET, seguimientoRateLimit: 10_000, ...opts });
  apps.push(a);
  return a;
}

/** A valid PDF of about `bytes` bytes. */
const pdf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(Math.max(0, bytes - PDF.length), 0x20)]);

/** A tracking upload: the radicado, an upload_id per file when given (in order), then the files. */
function upload(a: FastifyInstance, radicado: string, files: Array<{ data: Buffer; uploadId?: string }>) {
  const b = `----radica${randomUUID().replace(/-/g, '')}`;
  const field = (name: string, value: string) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const parts: Buffer[] = [field('id_radicado', radicado)];
  for (const f of files) if (f.uploadId) parts.push(field('upload_id', f.uploadId));
  files.forEach((f, i) => {
    parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="archivos"; filename="doc-${i}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), f.data, Buffer.from('\r\n'));
  });
  parts.push(Buffer.from(`--${b}--\r\n`));
  return a.inject({ method: 'POST', url: '/api/seguimiento/actualizar-documentos', payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } });
}

async function trackingDocs(solicitudId: string) {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(documentos)
    .where(and(eq(documentos.solicitudId, solicitudId), isNotNull(documentos.etapaId)));
  return row.n;
}

describe('per request', () => {
  it('refuses a sixth file with 413 and stores none of them', async () => {
    const a = await app();
    const f = filings[0];
    const before = await trackingDocs(f.id);
    const res = await upload(a, f.radicado, Array.from({ length: 6 }, () => ({ data: PDF })));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ ok: false, code: 'TOO_LARGE', error: 'Puedes subir como máximo 5 archivos por envío.' });
    expect(await trackingDocs(f.id)).toBe(before);
    expect((await upload(a, f.radicado, Array.from({ length: 5 }, () => ({ data: PDF })))).statusCode).toBe(200);
    expect(await trackingDocs(f.id)).toBe(before + 5);
  });

  it('refuses more than 10 MB in one request with 413 and stores nothing', async () => {
    const a = await app();
    const f = filings[1];
    const before = await trackingDocs(f.id);
    const res = await upload(a, f.radicado, [{ data: pdf(4_000_000) }, { data: pdf(4_000_000) }, { data: pdf(3_000_000) }]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ ok: false, code: 'TOO_LARGE', error: 'Los archivos de un envío no pueden sumar más de 10 MB.' });
    expect(await trackingDocs(f.id)).toBe(before);
  });
});

describe('per filing and day', () => {
  it('takes 20 files a day, then answers 429 with Retry-After; another filing is not affected; a retry is not counted twice', async () => {
    const a = await app();
    const [f, other] = [filings[2], filings[3]];
    const first = Array.from({ length: 5 }, () => ({ data: PDF, uploadId: randomUUID() }));
    expect((await upload(a, f.radicado, first)).statusCode).toBe(200);
    // The same five again (a retry after a lost answer): stored once, counted once.
    expect((await upload(a, f.radicado, first)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await upload(a, f.radicado, Array.from({ length: 5 }, () => ({ data: PDF })))).statusCode).toBe(200);
    expect(await trackingDocs(f.id)).toBeGreaterThanOrEqual(20);
    const stored = await trackingDocs(f.id);

    const res = await upload(a, f.radicado, [{ data: PDF }]);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED', error: 'Este radicado ya recibió 20 archivos hoy. Inténtalo de nuevo mañana.' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await trackingDocs(f.id)).toBe(stored);
    expect((await upload(a, other.radicado, [{ data: PDF }])).statusCode).toBe(200);
  });

  it('takes 50 MB a day per filing, then answers 429', async () => {
    const a = await app();
    const f = filings[4];
    // Earlier today: 48 MB on the documents stage (rows only; the quota reads their sizes).
    const [etapa] = await ctx.database.db.select().from(seguimientoEtapas).where(and(eq(seguimientoEtapas.solicitudId, f.id), eq(seguimientoEtapas.etapa, 'documentos')));
    await ctx.database.db.insert(documentos).values(
      Array.from({ length: 8 }, (_, i) => ({ id: randomUUID(), empresaId: f.empresaId, solicitanteId: f.solicitanteId, solicitudId: f.id, etapaId: etapa.id, nombre: `previo-${i}.pdf`, mime: 'application/pdf', fileSize: 6 * 1024 * 1024 })),
    );
    // 1.5 MB fits under 50 MB; 1.5 MB more does not.
    expect((await upload(a, f.radicado, [{ data: pdf(1_500_000) }])).statusCode).toBe(200);
    const res = await upload(a, f.radicado, [{ data: pdf(1_500_000) }]);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', error: 'Este radicado ya recibió 50 MB de archivos hoy. Inténtalo de nuevo mañana.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Uploads older than a day no longer count.
    await ctx.database.db.update(documentos).set({ createdAt: sql`now() - interval '25 hours'` }).where(and(eq(documentos.solicitudId, f.id), like(documentos.nombre, 'previo-%')));
    expect((await upload(a, f.radicado, [{ data: pdf(1_500_000) }])).statusCode).toBe(200);
  });
});

describe('order of work', () => {
  it('reads and checks every file before a database transaction opens', async () => {
    const events: string[] = [];
    const db = new Proxy(ctx.database.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === 'transaction') {
          return (...args: unknown[]) => {
            events.push('transaction');
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    const a = await app({}, db);
    const f = filings[5];
    const mp = multipart({ id_radicado: f.radicado }, [
      { field: 'archivos', name: 'a.pdf', data: PDF },
      { field: 'archivos', name: 'b.pdf', data: PDF },
    ]);
    // The body arrives in two halves, the second one late: no transaction may open before it.
    const half = Math.floor(mp.payload.length / 2);
    const body = new Readable({ read() {} });
    body.push(mp.payload.subarray(0, half));
    setTimeout(() => {
      events.push('body-end');
      body.push(mp.payload.subarray(half));
      body.push(null);
    }, 300);
    const res = await a.inject({ method: 'POST', url: '/api/seguimiento/actualizar-documentos', payload: body, headers: mp.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(events[0]).toBe('body-end');
    expect(events).toContain('transaction');

    // A bad last file: refused before any transaction, so none opens at all.
    events.length = 0;
    const bad = multipart({ id_radicado: f.radicado }, [
      { field: 'archivos', name: 'a.pdf', data: PDF },
      { field: 'archivos', name: 'b.pdf', data: Buffer.from('MZ\x90\x00 ejecutable') },
    ]);
    const refused = await a.inject({ method: 'POST', url: '/api/seguimiento/actualizar-documentos', ...bad });
    expect(refused.statusCode).toBe(415);
    expect(events).not.toContain('transaction');
  });
});
