/**
 * The JavaScript the first screen needs (login, then the credits list), in KB gzip, from the
 * build's chunk graph: the entry and its static imports, plus the lazy chunks of the login and
 * credits routes and their static imports. The sync worker is reported apart: it loads after the
 * list has rendered. Run alone with `npm run bench:size` (after `npm run build`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

const DIST = resolve('dist');
const FIRST_SCREEN_ROUTES = [/features\/login\/login-page\.tsx$/, /features\/creditos\/credits-page\.tsx$/, /app\/credits-route\.tsx$/];
export const BUDGET_KB = 250;

function gzipKb(file: string): number {
  return gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1024;
}

export function firstScreenKb(): { kb: number; files: string[]; workerKb: number } {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!entry) throw new Error('dist/.vite/manifest.json has no index.html entry: run `npm run build`');
  visit(entry);
  for (const key of Object.keys(manifest)) if (FIRST_SCREEN_ROUTES.some((r) => r.test(key))) visit(key);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const kb = js.reduce((sum, f) => sum + gzipKb(f), 0);
  const workerKb = readdirSync(join(DIST, 'assets'))
    .filter((f) => /worker.*\.js$/.test(f))
    .reduce((sum, f) => sum + gzipKb(join('assets', f)), 0);
  return { kb, files: js, workerKb };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { kb, files, workerKb } = firstScreenKb();
  console.log(`BENCH first_screen_js ${kb.toFixed(1)} KB_gzip ratio=${(kb / BUDGET_KB).toFixed(2)} baseline=budget_${BUDGET_KB}KB target=<=${BUDGET_KB}KB`);
  console.log(`BENCH sync_worker_js ${workerKb.toFixed(1)} KB_gzip ratio=n/a baseline=loaded_after_first_render`);
  console.error(files.join('\n'));
}
