/**
 * One real server process for the fault tests: `startServer` on DATABASE_URL (migrations, demo
 * seed on an empty database; LOG from the environment), without building the PWA and without cluster workers, so a SIGKILL
 * from RADICA_FAULT ends exactly the process the test started and nothing restarts it by itself.
 * TEST_RELAY_LEASE_MS shortens the e-mail relay's lease and polling (tests/faults/email-relay.test.ts).
 */
import { startServer } from '../../server/src/server';

const lease = Number(process.env.TEST_RELAY_LEASE_MS ?? 0);
const { shutdown } = await startServer({
  seed: true,
  emailRelay: lease ? { leaseMs: lease, pollMs: 50 } : undefined,
});
process.once('SIGTERM', () => {
  shutdown().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
