/**
 * `npm run build`: the PWA (vite build -> dist/) and the server (esbuild -> dist-server/).
 * `--if-needed` builds only the part whose output is missing or older than its sources (what
 * `npm start` runs first); `--server` builds only the server. Plain JavaScript so that it needs
 * no TypeScript runner.
 *
 * The server bundle (dist-server/main.js, dist-server/cluster.js) holds our own code, server/src
 * and the src/domain it imports, compiled to ESM for Node; npm packages stay imports (installed
 * with the app), and the bundle may only import packages listed in `dependencies`, so that
 * `npm ci --omit=dev && node dist-server/main.js` works. The drizzle migrations are copied next
 * to it (server/src/db/client.ts finds them relative to its own file).
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const ifNeeded = process.argv.includes('--if-needed');
const serverOnly = process.argv.includes('--server');
const SERVER_OUT = join(root, 'dist-server');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newestMtime(join(path, entry)));
  return max;
}

const stale = (output, sources) => {
  const out = join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < Math.max(...sources.map((s) => newestMtime(join(root, s))));
};

async function buildWeb() {
  console.log('Construyendo la aplicación web (vite build)…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}

async function buildServer() {
  console.log('Compilando el servidor (esbuild)…');
  const esbuild = await import('esbuild');
  rmSync(SERVER_OUT, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['server/src/main.ts', 'server/src/cluster.ts'],
    outdir: SERVER_OUT,
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  cpSync(join(root, 'server/src/db/migrations'), join(SERVER_OUT, 'migrations'), { recursive: true });

  // Every package the bundle imports must be a runtime dependency.
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const allowed = new Set(Object.keys(pkg.dependencies ?? {}));
  const builtins = new Set(builtinModules);
  const missing = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imp of output.imports ?? []) {
      if (!imp.external) continue;
      const spec = imp.path;
      if (spec.startsWith('node:') || builtins.has(spec)) continue;
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (!allowed.has(name)) missing.add(name);
    }
  }
  if (missing.size) {
    throw new Error(
      `El servidor importa paquetes que no están en "dependencies": ${[...missing].join(', ')}. ` +
        'Muévalos de devDependencies o deje de importarlos en server/src.',
    );
  }
}

const webSources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];
const serverSources = ['server/src', 'src/domain', 'package.json', 'scripts/build.mjs'];

if (!serverOnly && (!ifNeeded || stale('dist/index.html', webSources))) await buildWeb();
if (!ifNeeded || stale('dist-server/main.js', serverSources)) await buildServer();
