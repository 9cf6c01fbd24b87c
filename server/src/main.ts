/** `npm start`: builds the PWA when it is missing or older than its sources, then starts the server. */
import { buildIfNeeded } from './build-if-needed';
import { startServer } from './server';

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
