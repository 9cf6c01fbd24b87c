/**
 * The first page of a new device's pull, on the server alone (issue 31; not part of `npm run bench`):
 * `npx tsx bench/first-page.ts 50000` starts a server on the PGlite data set of that size (as
 * profile-cold.ts does), logs in as the admin and times, over HTTP on loopback with brotli as the
 * browser asks for it, the newest-first pass's pages a new device asks for: the first page with
 * its total and stops on the server's first request (cold) and then again (warm), the same page
 * without the total, and a range page between two stops (what every later page of the pass is).
 * Each warm figure is the median of REPS (default 5) requests with a new client id each.
 */
import { randomUUID } from 'node:crypto';
import { pgliteDataset } from './lib/datasets';
import { login, startBenchServer } from './lib/server-bench';
import { PULL_PAGE_DEFAULT, type PullResponse } from '../src/domain/sync-protocol';

const size = Number(process.argv[2] ?? 5000);
const reps = Number(process.env.REPS ?? 5);
const server = await startBenchServer({ dataDir: pgliteDataset(size) });
try {
  const token = await login(server.baseUrl, 'admin@demo.co');
  const get = async (params: Record<string, string>): Promise<{ ms: number; page: PullResponse }> => {
    const query = new URLSearchParams({ clientId: randomUUID(), cursor: '0', limit: String(PULL_PAGE_DEFAULT), ...params });
    const t0 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/sync/pull?${query}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
    });
    const body = (await res.json()) as { data: PullResponse };
    if (!res.ok) throw new Error(`pull ${res.status}`);
    return { ms: performance.now() - t0, page: body.data };
  };
  const median = async (params: Record<string, string>) => {
    const ms: number[] = [];
    for (let i = 0; i < reps; i++) ms.push((await get(params)).ms);
    ms.sort((a, b) => a - b);
    return `${ms[Math.floor(ms.length / 2)].toFixed(0)} ms (${ms.map((x) => x.toFixed(0)).join(', ')})`;
  };
  const first = await get({ recent: '1', total: '1' });
  console.log(`FIRST ${size} cold: first page with total and stops ${first.ms.toFixed(0)} ms (${first.page.changes.length} records, total ${first.page.total}, ${first.page.recent?.stops?.length ?? 0} stops)`);
  console.log(`FIRST ${size} warm: first page with total and stops ${await median({ recent: '1', total: '1' })}`);
  console.log(`FIRST ${size} warm: first page with stops, no total ${await median({ recent: '1' })}`);
  const recent = first.page.recent!;
  if (recent.before && recent.stops?.length) {
    const range = {
      recent: '1',
      floor: String(recent.floor),
      before: recent.before.created_at,
      beforeId: recent.before.id,
      from: recent.stops[0].created_at,
      fromId: recent.stops[0].id,
    };
    console.log(`FIRST ${size} warm: a range page (no total, no stops) ${await median(range)}`);
  }
} finally {
  await server.shutdown();
}
