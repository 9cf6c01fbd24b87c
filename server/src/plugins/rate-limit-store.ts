/**
 * A store for @fastify/rate-limit over the `rate_limits` table, used when the server runs on
 * PostgreSQL (DATABASE_URL): every process behind one database counts in the same rows, so
 * `start:cluster` or several machines do not multiply the limits. Invariants:
 * - one statement per request: it counts the request and opens a new window when the old one
 *   expired, atomically (INSERT … ON CONFLICT DO UPDATE row-locks the key), and answers the count
 *   and the milliseconds left in the window;
 * - keys are namespaced by route, like the library's Redis store;
 * - expired rows are swept at most once a minute, outside any request's answer.
 * PGlite (one process) keeps the library's in-memory store: a database round trip per request
 * would queue behind every transaction on its single connection.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

const SWEEP_MS = 60_000;

interface Shared {
  db: Db;
  lastSweep: number;
}

function rowsOf(result: unknown): Array<{ count: number; ttl: number }> {
  return (result as { rows: Array<{ count: number | string; ttl: number | string }> }).rows.map((r) => ({
    count: Number(r.count),
    ttl: Number(r.ttl),
  }));
}

class PgRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: Shared,
    private readonly prefix = '',
  ) {}

  incr(key: string, cb: Callback, timeWindow: number): void {
    const k = this.prefix + key;
    const ms = Math.max(1, Math.trunc(timeWindow));
    this.shared.db
      .execute(
        sql`insert into rate_limits as r (key, count, reset_at)
            values (${k}, 1, now() + ${ms} * interval '1 millisecond')
            on conflict (key) do update set
              count = case when r.reset_at <= now() then 1 else r.count + 1 end,
              reset_at = case when r.reset_at <= now() then now() + ${ms} * interval '1 millisecond' else r.reset_at end
            returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
      )
      .then((result) => {
        const [row] = rowsOf(result);
        cb(null, { current: row.count, ttl: row.ttl });
        this.sweep();
      }, (err: Error) => cb(err));
  }

  read(key: string, cb: Callback): void {
    this.shared.db
      .execute(
        sql`select count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl
            from rate_limits where key = ${this.prefix + key} and reset_at > now()`,
      )
      .then((result) => {
        const [row] = rowsOf(result);
        cb(null, row ? { current: row.count, ttl: row.ttl } : { current: 0, ttl: 0 });
      }, (err: Error) => cb(err));
  }

  child(options: Parameters<FastifyRateLimitStore['child']>[0]): PgRateLimitStore {
    // The library passes the route's merged rate-limit options; `routeInfo` is empty for a limiter
    // made with app.rateLimit(), whose keys carry their own prefix.
    const { routeInfo } = options as unknown as { routeInfo?: { method?: string; url?: string } };
    const route = routeInfo?.url ? `${routeInfo.method ?? ''}${routeInfo.url}-` : '';
    return new PgRateLimitStore(this.shared, `${this.prefix}${route}`);
  }

  private sweep(): void {
    const now = Date.now();
    if (now - this.shared.lastSweep < SWEEP_MS) return;
    this.shared.lastSweep = now;
    this.shared.db.execute(sql`delete from rate_limits where reset_at < now()`).catch(() => undefined);
  }
}

/** The store class @fastify/rate-limit instantiates (`store` option), bound to `db`. */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const shared: Shared = { db, lastSweep: 0 };
  return class extends PgRateLimitStore {
    constructor() {
      super(shared);
    }
  };
}
