/**
 * `npx tsx bench/profile-summary.ts file.cpuprofile [N] [function]`: the N functions with the most
 * self time and the most inclusive time in a CPU profile (bench/profile-cold.ts writes them), and
 * with a function name, the stacks through it.
 */
import { readFileSync } from 'node:fs';
interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
const p = JSON.parse(readFileSync(process.argv[2], 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const n = Number(process.argv[3] ?? 30);
const byId = new Map(p.nodes.map((x) => [x.id, x]));
const parent = new Map<number, number>();
for (const x of p.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
const self = new Map<number, number>();
p.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (p.timeDeltas[i] ?? 0)));
const agg = new Map<string, number>();
const total = new Map<string, number>();
let all = 0;
for (const [id, us] of self) {
  const f = byId.get(id)!.callFrame;
  const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
  agg.set(key, (agg.get(key) ?? 0) + us);
  all += us;
  // inclusive per function (once per stack)
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const cf = byId.get(cur)!.callFrame;
    const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`;
    if (seen.has(k)) continue;
    seen.add(k);
    total.set(k, (total.get(k) ?? 0) + us);
  }
}
console.log(`total sampled ${(all / 1000).toFixed(0)} ms`);
console.log('--- self');
for (const [k, us] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
console.log('--- inclusive');
for (const [k, us] of [...total].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
const want = process.argv[4];
if (want) {
  const stacks = new Map<string, number>();
  for (const [id, us] of self) {
    const chain: string[] = [];
    let hit = false;
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame.functionName || '(anon)';
      if (f === want) hit = true;
      if (hit) chain.push(f);
    }
    if (hit) stacks.set(chain.slice(0, 12).join(' < '), (stacks.get(chain.slice(0, 12).join(' < ')) ?? 0) + us);
  }
  console.log(`--- stacks through ${want}`);
  for (const [k, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
}
