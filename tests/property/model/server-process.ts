/**
 * The server process the model test of sync kills mid-push on PostgreSQL (model/server-kill.ts):
 * tests/faults/server-process.ts's server with every mutation handler counting its committed runs
 * (model/handler-runs.ts), so a handler that committed in a process killed right after is seen.
 */
import { startServer } from '../../../server/src/server';
import { countHandlerRuns } from './handler-runs';

countHandlerRuns();
const { shutdown } = await startServer({ seed: true });
process.once('SIGTERM', () => {
  shutdown().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
