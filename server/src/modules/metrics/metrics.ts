/**
 * The server's Prometheus metrics, one registry per app (tests build many apps in one process).
 * Invariants:
 * - label values are bounded: the route is Fastify's route pattern (`/api/solicitudes/:id`), never
 *   the raw URL; a request that matched no route is `route="unmatched"`;
 * - recording never throws into a request (counters only; the outbox gauge reads the database at
 *   scrape time, and a failed read leaves it unset for that scrape);
 * - default process metrics are collected only for an app that serves /api/metrics (METRICS_TOKEN
 *   set), so apps without it start no observers.
 */
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';

export type PushResultLabel = 'applied' | 'rejected' | 'skipped';

export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duración de las solicitudes HTTP / HTTP request duration, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly pushMutations = new Counter({
    name: 'radica_sync_push_mutations_total',
    help: 'Mutaciones recibidas por /api/sync/push / mutations pushed, by result (applied, rejected, skipped)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly pullRows = new Counter({
    name: 'radica_sync_pull_rows_total',
    help: 'Filas enviadas por /api/sync/pull / rows (changes) served by pull',
    registers: [this.registry],
  });

  constructor(db: Db, opts: { processMetrics: boolean }) {
    new Gauge({
      name: 'radica_email_outbox_pending',
      help: 'Correos en cola sin enviar / queued e-mails not sent yet',
      registers: [this.registry],
      async collect() {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(emailOutbox)
          .where(sql`${emailOutbox.sentAt} is null`);
        this.set(Number(row?.n ?? 0));
      },
    });
    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** Counts one push answer's results. */
  countPush(results: readonly { status: PushResultLabel }[]): void {
    for (const r of results) this.pushMutations.inc({ result: r.status });
  }
}
