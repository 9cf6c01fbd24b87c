/**
 * Server processes killed mid-push, for the model test of sync on PostgreSQL (DATABASE_URL only:
 * PGlite is one process's memory, no second process can share it). Each kill point has a real
 * server process (model/server-process.ts, the `faults` project's server) on the database the
 * test's in-process server uses, armed with RADICA_FAULT (server/src/lib/faults.ts):
 * - `before-commit`: SIGKILL after the batch's first new mutation ran, before it commits;
 * - `after-commit`: SIGKILL right after that mutation committed (the rest of the batch never runs);
 * - `before-response`: SIGKILL after the whole batch committed, before the answer leaves.
 * A device's push meets one of them over real HTTP; the process dies with the connection, the
 * device sees the push fail without an answer, and its next push goes to the in-process server on
 * the same database (the restarted server: it holds nothing in memory that a push needs). The
 * point's spare process, started earlier, meets the next push there, and a new spare starts.
 * The processes run model/server-process.ts (tests/faults/server-process.ts's server, counting
 * committed handler runs: model/handler-runs.ts) compiled once per test file by esbuild (as
 * scripts/build.mjs compiles the server; npm packages stay imports), so each restart after a kill
 * loads plain JavaScript instead of compiling TypeScript again through tsx: about a third of the
 * CPU and of the time to the first answer.
 * Invariants: a process is used until it dies (a push that met no new mutation leaves its counter
 * at 0), at most PER_POINT processes per point are alive (pushes go to the oldest), and `stop` ends every process this module
 * started, by its process group, and removes the bundle.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { buildSync } from 'esbuild';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const KILL_POINTS = ['before-commit', 'after-commit', 'before-response'] as const;
/**
 * Processes per point: the one a push meets and a spare already starting, so that a kill's
 * replacement is usually ready by the next push to that point (a process takes 1.5–5 s to answer
 * on a loaded machine; waiting for it was a sixth of a run's time in a 1,000-run long run).
 */
const PER_POINT = 2;
export type KillPoint = (typeof KILL_POINTS)[number];

interface Proc {
  child: ChildProcess;
  url: string;
  ready: Promise<void>;
  exited: Promise<void>;
}

const realFetch = globalThis.fetch;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class KillableServers {
  /** Per point, the process the next push meets first, then a spare starting behind it. */
  private readonly procs = new Map<KillPoint, Proc[]>();
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'radica-modelo-'));
  /** Inside the checkout, so that the bundle's imports of npm packages find node_modules. */
  private readonly bundleDir: string;
  private readonly bundle: string;
  /** Time spent waiting for an armed process to answer its health check (printed with the figures). */
  waitedMs = 0;
  /** How many processes died at each point (printed with the run's figures). */
  readonly kills: Record<KillPoint, number> = { 'before-commit': 0, 'after-commit': 0, 'before-response': 0 };

  constructor(private readonly databaseUrl: string, private readonly jwtSecret: string) {
    const cache = resolve('node_modules/.cache');
    mkdirSync(cache, { recursive: true });
    this.bundleDir = mkdtempSync(join(cache, 'radica-modelo-'));
    this.bundle = join(this.bundleDir, 'server-process.mjs');
    buildSync({ entryPoints: ['tests/property/model/server-process.ts'], outfile: this.bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20.19', packages: 'external', logLevel: 'warning' });
    // server/src/db/client.ts finds the migrations next to its own file, i.e. next to the bundle.
    cpSync('server/src/db/migrations', join(this.bundleDir, 'migrations'), { recursive: true });
  }

  /** Starts one armed process per point (in the background). */
  warm(): void {
    for (const point of KILL_POINTS) this.proc(point);
  }

  /** The process armed at `point` the next push meets, with a spare started behind it. */
  private proc(point: KillPoint): Proc {
    const list = this.procs.get(point) ?? [];
    this.procs.set(point, list);
    while (list.length < PER_POINT) list.push(this.start(point, list));
    return list[0];
  }

  private start(point: KillPoint, list: Proc[]): Proc {
    const port = 40000 + Math.floor(Math.random() * 20000);
    const fault = point === 'before-response' ? 'push:before-response' : `push:${point}:1`;
    // `node` itself (not npx): the spawned pid is the server, in its own process group.
    const child = spawn(process.execPath, [this.bundle], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: this.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: this.jwtSecret,
        DATA_DIR: this.dataDir,
        LOG: '0',
        RADICA_FAULT: fault,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    const url = `http://127.0.0.1:${port}`;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const p: Proc = { child, url, exited, ready: Promise.resolve() };
    p.ready = (async () => {
      for (let i = 0; i < 480; i++) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`el proceso del servidor (${point}) terminó al arrancar`);
        try {
          if ((await realFetch(`${url}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await sleep(250);
      }
      throw new Error(`el proceso del servidor (${point}) no arrancó`);
    })();
    p.ready.catch(() => undefined);
    void exited.then(() => {
      const at = list.indexOf(p);
      if (at >= 0) list.splice(at, 1);
    });
    return p;
  }

  /**
   * Sends the push to the process armed at `point`. Gives the answer when the process lived
   * through it (no new mutation in the batch), or `null` when it died mid-push: then the spare
   * takes its place and a new spare starts.
   */
  async push(point: KillPoint, body: unknown, token: string): Promise<{ status: number; json: unknown } | null> {
    const p = this.proc(point);
    const t0 = performance.now();
    await p.ready;
    this.waitedMs += performance.now() - t0;
    try {
      const res = await realFetch(`${p.url}/api/sync/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    } catch (error) {
      // The connection dropped: the process must be dead (SIGKILL by its fault point).
      const died = await Promise.race([p.exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!died) throw error;
      this.kills[point]++;
      this.proc(point);
      return null;
    }
  }

  /** Ends every process started here and removes their data folder. */
  async stop(): Promise<void> {
    const all = [...this.procs.values()].flat();
    this.procs.clear();
    for (const p of all) {
      if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
      try {
        process.kill(-p.child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await Promise.race([Promise.all(all.map((p) => p.exited)), sleep(10_000)]);
    for (const p of all) {
      try {
        process.kill(-p.child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(this.dataDir, { recursive: true, force: true });
    rmSync(this.bundleDir, { recursive: true, force: true });
  }
}
