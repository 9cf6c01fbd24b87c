/** `npm start`: validates the environment, builds the PWA when it is missing or older than its sources, then starts the server. */
import { readConfigOrExit } from './config';
import { buildIfNeeded } from './build-if-needed';
import { startServer } from './server';

const config = readConfigOrExit();
await buildIfNeeded();
const { app, shutdown } = await startServer({ config });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: cerrando`);
    shutdown().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
