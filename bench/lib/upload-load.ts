/**
 * The public upload under load (issue #30): while one client uploads the maximum through
 * POST /api/seguimiento/actualizar-documentos (5 files, 10 MB per request, back to back, each to
 * a filing with its day's quota left), another client's GET /api/health and login are timed, and
 * compared with the same requests with no upload running, in the same run. On PGlite every
 * transaction holds the one connection, so a long store transaction would show here first.
 * `npx tsx bench/upload-load.ts` runs it alone on the smallest data set.
 */
import { and, isNull, sql } from 'drizzle-orm';
import { solicitudes } from '../../server/src/db/schema';
import { percentile, report, log } from './report';
import type { BenchServer } from './server-bench';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const FILE_BYTES = 2_000_000;

/** The maximum one request may carry: 5 PDFs of 2 MB (10 MB). */
function maxUpload(radicado: string): { body: Buffer; type: string } {
  const b = `----bench${Math.random().toString(36).slice(2)}`;
  const file = Buffer.concat([PDF, Buffer.alloc(FILE_BYTES - PDF.length - 200, 0x20)]);
  const parts: Buffer[] = [Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="id_radicado"\r\n\r\n${radicado}\r\n`)];
  for (let i = 0; i < 5; i++) {
    parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="archivos"; filename="extracto-${i}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), file, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${b}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${b}` };
}

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${res.url}: ${res.status}`);
  return performance.now() - t0;
}

/** `n` health checks and `n / 4` logins of another client, one after another; their latencies. */
async function probe(baseUrl: string, n: number) {
  const health: number[] = [];
  const logins: number[] = [];
  for (let i = 0; i < n; i++) {
    health.push(await timed(() => fetch(`${baseUrl}/api/health`)));
    if (i % 4 === 0) {
      logins.push(
        await timed(() =>
          fetch(`${baseUrl}/api/auth/login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: 'supervisor@demo.co', password: 'demo1234' }),
          }),
        ),
      );
    }
  }
  return { health, logins };
}

export async function uploadLoadFigures(server: BenchServer, label: string, probes = 40): Promise<void> {
  const filings = (
    await server.db
      .select({ radicado: solicitudes.radicado })
      .from(solicitudes)
      .where(and(isNull(solicitudes.deletedAt), sql`exists (select 1 from seguimiento_etapas e where e.solicitud_id = ${solicitudes.id} and e.etapa = 'documentos')`))
      .limit(400)
  ).map((r) => r.radicado);
  if (filings.length < 10) throw new Error('the data set needs filings with a documents stage');

  const quiet = await probe(server.baseUrl, probes);

  let uploading = true;
  let uploads = 0;
  let uploadMs = 0;
  const uploader = (async () => {
    // A fresh filing for each request, so the per-filing daily quota never refuses one.
    for (let i = 0; uploading; i++) {
      const { body, type } = maxUpload(filings[i % filings.length]);
      const t0 = performance.now();
      const res = await fetch(`${server.baseUrl}/api/seguimiento/actualizar-documentos`, { method: 'POST', headers: { 'Content-Type': type }, body: new Uint8Array(body) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`upload: ${res.status}`);
      uploadMs += performance.now() - t0;
      uploads += 1;
    }
  })();
  // Let the first upload get going before the timed requests start.
  await new Promise((r) => setTimeout(r, 200));
  log(`${label}: health and login while uploading 10 MB requests`);
  const loaded = await probe(server.baseUrl, probes);
  uploading = false;
  await uploader;

  const ratio = (a: number[], b: number[], p: number) => percentile(a, p) / percentile(b, p);
  report({
    name: `${label}.health_p95_during_max_upload`,
    value: percentile(loaded.health, 95),
    unit: 'ms',
    ratio: ratio(loaded.health, quiet.health, 95),
    baseline: `same_requests_without_upload_p95=${percentile(quiet.health, 95).toFixed(1)}ms;${uploads}_uploads_of_10MB_avg_${(uploadMs / Math.max(1, uploads)).toFixed(0)}ms`,
  });
  report({
    name: `${label}.login_p95_during_max_upload`,
    value: percentile(loaded.logins, 95),
    unit: 'ms',
    ratio: ratio(loaded.logins, quiet.logins, 95),
    baseline: `same_logins_without_upload_p95=${percentile(quiet.logins, 95).toFixed(0)}ms`,
  });
}
