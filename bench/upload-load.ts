/**
 * `npx tsx bench/upload-load.ts`: only the upload-under-load figures (bench/lib/upload-load.ts),
 * on PGlite and, when available, PostgreSQL, with the smallest data set of BENCH_SIZES (5,000 by
 * default). `npm run bench` runs them with the others.
 */
import { join } from 'node:path';
import { OUT, pgliteDataset, postgresDataset, startPostgres } from './lib/datasets';
import { log } from './lib/report';
import { startBenchServer } from './lib/server-bench';
import { uploadLoadFigures } from './lib/upload-load';

const size = Math.min(...(process.env.BENCH_SIZES ?? '5000').split(',').map(Number).filter((n) => n > 0));

const pglite = await startBenchServer({ dataDir: pgliteDataset(size) });
try {
  await uploadLoadFigures(pglite, 'pglite');
} finally {
  await pglite.shutdown();
}
const pg = startPostgres();
if (!pg) log('PostgreSQL not available: PostgreSQL figures skipped');
else {
  try {
    const server = await startBenchServer({ dataDir: join(OUT, 'pg-server'), databaseUrl: await postgresDataset(pg, size) });
    try {
      await uploadLoadFigures(server, 'postgres');
    } finally {
      await server.shutdown();
    }
  } finally {
    pg.stop();
  }
}
