/** `npm start`: builds the PWA when it is missing or older than its sources, then starts the server. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer } from './server';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newestMtime(join(path, entry)));
  return max;
}

async function buildIfNeeded() {
  const index = resolve('dist/index.html');
  const sources = Math.max(
    newestMtime(resolve('src')),
    newestMtime(resolve('public')),
    newestMtime(resolve('index.html')),
    newestMtime(resolve('vite.config.ts')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Construyendo la aplicación web (vite build)…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}

await buildIfNeeded();
const { app, shutdown } = await startServer();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: cerrando`);
    shutdown().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
