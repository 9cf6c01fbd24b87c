/**
 * The e-mail relay: drains `email_outbox` through SMTP. Every server process may run one.
 *
 * Invariants:
 * - A row is claimed by one relay at a time: the claim is ONE statement that picks a due,
 *   unclaimed row with `FOR UPDATE SKIP LOCKED` (a concurrent claimer skips it instead of waiting)
 *   and sets a lease (`reclamado_hasta`) and `intentos + 1`. A row whose lease ran out (its relay
 *   died) is due again. On PGlite, with one connection, the same statement simply runs alone.
 * - The outcome of a send is written only by the claim that made it: every mark matches the
 *   `intentos` the claim set, so a relay that lost its lease cannot overwrite a newer claim.
 * - The lease is longer than the longest send (the transport's timeouts), and rows are claimed
 *   one at a time, so a lease never runs out while its send is still running.
 * - Temporary failures (4xx replies, connection errors, timeouts) are retried with exponential
 *   backoff; permanent ones (5xx replies) are retried a few times, then the row is `fallido` with
 *   the reason, as is a row still failing after `maxAttempts`.
 *
 * Delivery is AT LEAST ONCE, by choice: losing a bank-change e-mail is worse than a duplicate.
 * The one window for a duplicate is a process dying after the SMTP server accepted a message and
 * before its row is marked (a few milliseconds); the lease then runs out and the message is sent
 * again with the SAME Message-ID (fixed when the row was queued), which mail systems use to
 * recognise a repeat. Marking before sending would make it at-most-once: a crash would then lose
 * the message silently.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailFaultPoint } from '../../lib/faults';
import { renderEmail } from './templates';

/** What the relay needs from nodemailer (a Transporter fits). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
  close?(): void;
}

export interface RelayTuning {
  /** How long a claim holds a row (default 5 minutes; must exceed the transport's timeouts). */
  leaseMs: number;
  /** Pause between two looks at an empty outbox (default 5 s). */
  pollMs: number;
  /** Rows sent per round before the relay looks again at once (default 20). */
  batchSize: number;
  /** First retry delay; doubles per attempt (default 1 minute). */
  backoffMs: number;
  /** Longest retry delay (default 1 hour). */
  maxBackoffMs: number;
  /** Attempts after which a permanently refused message is failed (default 3). */
  maxPermanentAttempts: number;
  /** Attempts after which any message is failed (default 10). */
  maxAttempts: number;
}

export const DEFAULT_TUNING: RelayTuning = {
  leaseMs: 5 * 60_000,
  pollMs: 5_000,
  batchSize: 20,
  backoffMs: 60_000,
  maxBackoffMs: 60 * 60_000,
  maxPermanentAttempts: 3,
  maxAttempts: 10,
};

export interface RelayLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface RelayOptions {
  db: Db;
  transport: MailTransport;
  /** The From header (MAIL_FROM). */
  from: string;
  tuning?: Partial<RelayTuning>;
  log?: RelayLog;
  /** Aborting stops the relay where it is, like a process that dies: nothing more is marked. */
  signal?: AbortSignal;
}

interface Claimed {
  id: number;
  tipo: string;
  destinatario: string;
  datos: Record<string, unknown>;
  intentos: number;
  message_id: string;
}

export interface RoundResult {
  sent: number;
  retried: number;
  failed: number;
}

class Abandoned extends Error {}

/** A temporary SMTP failure is worth retrying soon: a 4xx reply, or no reply at all. */
export function isTemporaryFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  if (typeof code === 'number') return code >= 400 && code < 500;
  return true;
}

/** A short reason for the row: the SMTP reply when there is one. */
function reasonOf(err: unknown): string {
  const e = err as { response?: unknown; message?: unknown; code?: unknown } | null;
  const text = typeof e?.response === 'string' && e.response ? e.response : typeof e?.message === 'string' ? e.message : String(err);
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  return (code + text).slice(0, 500);
}

/** The domain of an address like `Radica <no-reply@radica.co>` (for the Message-ID). */
export function domainOf(from: string): string {
  const m = /@([A-Za-z0-9.-]+)/.exec(from);
  return m ? m[1].toLowerCase() : 'radica.local';
}

export class EmailRelay {
  private readonly tuning: RelayTuning;
  private readonly log: RelayLog;
  private readonly domain: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly opts: RelayOptions) {
    this.tuning = { ...DEFAULT_TUNING, ...opts.tuning };
    this.log = opts.log ?? { info: () => undefined, warn: () => undefined, error: () => undefined };
    this.domain = domainOf(opts.from);
  }

  /** Starts draining in the background until `stop()` (or the signal) ends it. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops after the message being sent, if any; the rest stays queued for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    this.opts.transport.close?.();
  }

  private schedule(ms: number) {
    if (this.stopped || this.opts.signal?.aborted) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.round().then(
        (r) => this.schedule(r.sent + r.retried + r.failed >= this.tuning.batchSize ? 0 : this.tuning.pollMs),
        (err) => {
          if (!(err instanceof Abandoned)) this.log.error(`Relay de correo: ${reasonOf(err)}`);
          this.schedule(this.tuning.pollMs);
        },
      );
    }, ms);
    this.timer.unref?.();
  }

  /** One round: up to `batchSize` due rows, one claim each. */
  async round(): Promise<RoundResult> {
    const result: RoundResult = { sent: 0, retried: 0, failed: 0 };
    for (let i = 0; i < this.tuning.batchSize; i++) {
      if (this.stopped) break;
      this.checkAborted();
      const row = await this.claim();
      if (!row) break;
      result[await this.deliver(row)] += 1;
    }
    return result;
  }

  /** Rounds until nothing is due (tests, and a process that wants its outbox empty). */
  async drain(): Promise<RoundResult> {
    const total: RoundResult = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const r = await this.round();
      total.sent += r.sent;
      total.retried += r.retried;
      total.failed += r.failed;
      if (r.sent + r.retried + r.failed < this.tuning.batchSize) return total;
    }
  }

  private checkAborted() {
    if (this.opts.signal?.aborted) throw new Abandoned('relay abandonado');
  }

  private async claim(): Promise<Claimed | null> {
    const lease = this.tuning.leaseMs / 1000;
    const { rows } = (await this.opts.db.execute(sql`
      update email_outbox
      set reclamado_hasta = now() + make_interval(secs => ${lease}),
          intentos = intentos + 1,
          message_id = coalesce(message_id, gen_random_uuid()::text)
      where id = (
        select id from email_outbox
        where estado = 'pendiente' and proximo_intento <= now()
          and (reclamado_hasta is null or reclamado_hasta < now())
        order by proximo_intento, id
        limit 1
        for update skip locked
      )
      returning id, tipo, destinatario, datos, intentos, message_id`)) as unknown as { rows: Claimed[] };
    return rows[0] ?? null;
  }

  private async deliver(row: Claimed): Promise<'sent' | 'retried' | 'failed'> {
    const message = renderEmail(row.tipo, row.datos ?? {});
    if (!message) return this.fail(row, `Tipo de correo desconocido: ${row.tipo}`);
    try {
      await this.abortable(
        this.opts.transport.sendMail({
          from: this.opts.from,
          to: row.destinatario,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: `<${row.message_id}@${this.domain}>`,
          headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': 'es' },
        }),
      );
    } catch (err) {
      if (err instanceof Abandoned) throw err;
      this.checkAborted();
      const reason = reasonOf(err);
      const temporary = isTemporaryFailure(err);
      const limit = temporary ? this.tuning.maxAttempts : this.tuning.maxPermanentAttempts;
      if (row.intentos >= limit) return this.fail(row, reason);
      const delayMs = Math.min(this.tuning.backoffMs * 2 ** (row.intentos - 1), this.tuning.maxBackoffMs);
      await this.mark(row, sql`reclamado_hasta = null, ultimo_error = ${reason},
        proximo_intento = now() + make_interval(secs => ${delayMs / 1000})`);
      this.log.warn(`Correo ${row.id} a ${row.destinatario}: intento ${row.intentos} falló (${reason}); se reintentará.`);
      return 'retried';
    }
    await emailFaultPoint('after-send');
    this.checkAborted();
    await this.mark(row, sql`estado = 'enviado', sent_at = now(), reclamado_hasta = null, ultimo_error = null`);
    return 'sent';
  }

  private async fail(row: Claimed, reason: string): Promise<'failed'> {
    await this.mark(row, sql`estado = 'fallido', reclamado_hasta = null, ultimo_error = ${reason}`);
    this.log.error(`Correo ${row.id} a ${row.destinatario} no se pudo enviar: ${reason}`);
    return 'failed';
  }

  /** Writes an outcome only while the row is still this claim's. */
  private async mark(row: Claimed, set: ReturnType<typeof sql>) {
    await this.opts.db.execute(sql`
      update email_outbox set ${set}
      where id = ${row.id} and intentos = ${row.intentos} and estado = 'pendiente'`);
  }

  /** The send, or `Abandoned` as soon as the signal aborts (the send's outcome is then ignored). */
  private abortable<T>(work: Promise<T>): Promise<T> {
    const signal = this.opts.signal;
    if (!signal) return work;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(new Abandoned('relay abandonado'));
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (v) => {
          signal.removeEventListener('abort', onAbort);
          resolve(v);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }
}
