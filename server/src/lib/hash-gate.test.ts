import { describe, expect, it } from 'vitest';
import { HashBusyError, HashGate } from './hash-gate';

/** A job the test finishes by hand. */
function job() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return { work: async () => ((started = true), done), finish, started: () => started };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('HashGate', () => {
  it('runs at most `concurrency` at once and starts the waiting ones in order', async () => {
    const gate = new HashGate({ concurrency: 2, perKey: 10, queue: 10 });
    const jobs = [job(), job(), job(), job()];
    const runs = jobs.map((j, i) => gate.run(`ip${i}`, j.work));
    await tick();
    expect(jobs.map((j) => j.started())).toEqual([true, true, false, false]);
    expect(gate.stats()).toEqual({ running: 2, waiting: 2 });
    jobs[1].finish();
    await tick();
    expect(jobs.map((j) => j.started())).toEqual([true, true, true, false]);
    for (const j of jobs) j.finish();
    await Promise.all(runs);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a key past its places at once, while other keys still get in', async () => {
    const gate = new HashGate({ concurrency: 1, perKey: 2, queue: 10 });
    const a = [job(), job()];
    const runs = a.map((j) => gate.run('10.0.0.1', j.work));
    const third = gate.run('10.0.0.1', async () => undefined);
    await expect(third).rejects.toBeInstanceOf(HashBusyError);
    await expect(third).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const other = job();
    const otherRun = gate.run('10.0.0.2', other.work);
    expect(gate.stats()).toEqual({ running: 1, waiting: 2 });
    for (const j of [...a, other]) j.finish();
    await Promise.all([...runs, otherRun]);
    // Places are given back: the key gets in again.
    await expect(gate.run('10.0.0.1', async () => 'ok')).resolves.toBe('ok');
  });

  it('refuses when the queue is full, with a Retry-After of at least a second', async () => {
    const gate = new HashGate({ concurrency: 1, perKey: 5, queue: 1 });
    const first = job();
    const second = job();
    const runs = [gate.run(undefined, first.work), gate.run(undefined, second.work)];
    const err = await gate.run(undefined, async () => undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HashBusyError);
    expect((err as HashBusyError).retryAfter).toBeGreaterThanOrEqual(1);
    first.finish();
    second.finish();
    await Promise.all(runs);
  });

  it('gives the place back when the work throws', async () => {
    const gate = new HashGate({ concurrency: 1, perKey: 1, queue: 0 });
    await expect(gate.run('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run('k', async () => 1)).resolves.toBe(1);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
