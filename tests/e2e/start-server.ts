/** The real server for end-to-end tests, on a fresh data folder with the demo seed. */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer } from '../../server/src/server';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = resolve(`test-results/e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
process.env.LOGIN_RATE_LIMIT = '10000';
process.env.LOGIN_IP_RATE_LIMIT = '10000';
// Every spec asks from 127.0.0.1: the filing numbers' per-address budget is for real addresses.
process.env.SEGUIMIENTO_RATE_LIMIT = '10000';
const { shutdown } = await startServer({
  port,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: '',
  logger: false,
  seed: true,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void shutdown().finally(() => process.exit(0)));
}
