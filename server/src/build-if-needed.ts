/** Builds the PWA when dist/ is missing or older than its sources (npm start and start:cluster). */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newestMtime(join(path, entry)));
  return max;
}

export async function buildIfNeeded(): Promise<void> {
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
