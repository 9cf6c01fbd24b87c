/**
 * The server's entry point, compiled to dist-server/main.js (`npm run build`) and run with node:
 * `npm start` (builds what is stale, then `node dist-server/main.js --demo`) or `npm run start:prod`.
 * Validates the environment, then starts the server. Demo data is seeded into an empty database
 * only when asked: `--demo` or SEED_DEMO=1.
 */
import { readConfigOrExit } from './config';
import { startServer } from './server';

const config = readConfigOrExit();
const { app, shutdown } = await startServer({ config, seed: config.SEED_DEMO || process.argv.includes('--demo') });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: cerrando`);
    shutdown().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
