/**
 * The e-mail relay inside a real server process on PostgreSQL, killed mid-batch (issue 29).
 * - SIGKILL while the 4th message is on the wire (the SMTP server has not accepted it): after a
 *   restart every message arrives exactly once.
 * - SIGKILL after the SMTP server accepted the 3rd message and before its row was marked
 *   (RADICA_FAULT=email:after-send:3): after a restart nothing is lost, and the one message sent
 *   twice carries the same Message-ID both times. This is the at-least-once window the relay's
 *   header describes; no other message is repeated.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startSmtpSink, type SmtpSink } from '../api/smtp-sink';

const ADMIN_URL = process.env.DATABASE_URL as string;
const dbName = `radica_mailfaults_${randomBytes(5).toString('hex')}`;
const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).href;
const dataDir = mkdtempSync(join(tmpdir(), 'radica-mailfaults-'));
const port = 40000 + Math.floor(Math.random() * 20000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sqlOn<T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

interface Proc {
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
}
let proc: Proc | null = null;

async function startServer(env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/faults/server-process.ts'], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: dbUrl, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, LOG: '0', TEST_RELAY_LEASE_MS: '500', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  proc = { child, exited };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null || child.signalCode !== null) return proc;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return proc;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('the server process did not start');
}

function kill(signal: NodeJS.Signals) {
  try {
    if (proc?.child.pid) process.kill(-proc.child.pid, signal);
  } catch {
    // already gone
  }
}

async function stopServer() {
  if (!proc) return;
  const p = proc;
  proc = null;
  if (p.child.exitCode === null && p.child.signalCode === null) {
    kill('SIGTERM');
    const timer = setTimeout(() => {
      try {
        process.kill(-p.child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, 5000);
    await p.exited;
    clearTimeout(timer);
  }
}

interface Row extends pg.QueryResultRow {
  id: number;
  estado: string;
  intentos: number;
  message_id: string;
}
const rows = () => sqlOn<Row>(dbUrl, 'select id, estado, intentos, message_id from email_outbox order by id');

async function queue(n: number) {
  await sqlOn(dbUrl, 'delete from email_outbox');
  await sqlOn(
    dbUrl,
    `insert into email_outbox (empresa_id, tipo, destinatario, datos, message_id)
     select 1, 'cambio_banco', 'persona' || g || '@demo.co',
       jsonb_build_object('radicado', 'RAD-FAULT' || g, 'nombre_cliente', 'Cliente ' || g, 'banco_anterior', 'BBVA',
         'banco_nuevo', 'Nu Bank', 'modificado_por', 'Sergio', 'fecha_cambio', now()),
       gen_random_uuid()::text
     from generate_series(1, $1::int) g`,
    [n],
  );
}

async function untilAllSent(limit = 600) {
  for (let i = 0; i < limit; i++) {
    if ((await rows()).every((r) => r.estado === 'enviado')) return;
    await sleep(50);
  }
  throw new Error(`not all sent: ${JSON.stringify(await rows())}`);
}

const sinks: SmtpSink[] = [];
beforeAll(async () => {
  await sqlOn(ADMIN_URL, `create database ${dbName}`);
  // First start migrates and seeds, without SMTP.
  await startServer({ SMTP_URL: '' });
  await stopServer();
}, 200_000);
afterEach(async () => {
  await stopServer();
  for (const s of sinks.splice(0)) await s.close();
});
afterAll(async () => {
  await stopServer();
  await sqlOn(ADMIN_URL, `drop database if exists ${dbName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

const FROM = 'Radica <no-reply@radica.test>';

describe('the e-mail relay in a server process that is killed', () => {
  it('killed while a message is on the wire: after a restart each message arrives exactly once', async () => {
    await queue(8);
    let killed: Promise<unknown> | null = null;
    const sink = await startSmtpSink({
      decide: (n) => {
        if (n === 4 && !killed) {
          killed = proc!.exited;
          kill('SIGKILL');
          return 421;
        }
      },
    });
    sinks.push(sink);
    await startServer({ SMTP_URL: sink.url, MAIL_FROM: FROM });
    for (let i = 0; i < 400 && !killed; i++) await sleep(25);
    expect(await killed).toBe('SIGKILL');
    proc = null;
    expect(sink.accepted).toHaveLength(3);
    expect((await rows()).filter((r) => r.estado === 'enviado')).toHaveLength(3);

    await startServer({ SMTP_URL: sink.url, MAIL_FROM: FROM });
    await untilAllSent();
    const ids = sink.accepted.map((m) => m.messageId);
    expect(ids).toHaveLength(8);
    expect(new Set(ids)).toEqual(new Set((await rows()).map((r) => `<${r.message_id}@radica.test>`)));
  });

  it('killed after the SMTP server accepted a message: it is sent again with the same Message-ID, nothing else twice', async () => {
    await queue(6);
    const sink = await startSmtpSink();
    sinks.push(sink);
    const first = await startServer({ SMTP_URL: sink.url, MAIL_FROM: FROM, RADICA_FAULT: 'email:after-send:3' });
    expect(await first.exited).toBe('SIGKILL');
    proc = null;
    expect(sink.accepted).toHaveLength(3);
    const third = sink.accepted[2].messageId;
    expect((await rows()).filter((r) => r.estado === 'enviado')).toHaveLength(2);

    await startServer({ SMTP_URL: sink.url, MAIL_FROM: FROM });
    await untilAllSent();
    const ids = sink.accepted.map((m) => m.messageId);
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(6);
    expect(ids.filter((id) => id === third)).toHaveLength(2);
    expect(new Set(ids)).toEqual(new Set((await rows()).map((r) => `<${r.message_id}@radica.test>`)));
  });
});
