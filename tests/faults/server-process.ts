/**
 * One real server process for the fault tests: `startServer` on DATABASE_URL (migrations, demo
 * seed on an empty database; LOG from the environment), without building the PWA and without cluster workers, so a SIGKILL
 * from RADICA_FAULT ends exactly the process the test started and nothing restarts it by itself.
 */
import { startServer } from '../../server/src/server';

const { shutdown } = await startServer({ seed: true });
process.once('SIGTERM', () => {
  shutdown().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
