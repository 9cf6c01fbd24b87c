/**
 * Test-only fault injection for the sync push (issue #12, tests/faults/sync-faults.test.ts).
 *
 * Inert in production: it does something only when the RADICA_FAULT environment variable is set
 * (and never when NODE_ENV=production); otherwise every call returns at once. It exists so a test
 * can stop a real server process at exact points of a push — which no outside signal can hit
 * reliably — and prove that after a restart the server state is exactly what the user did.
 *
 * RADICA_FAULT values (N counts the mutations this process handled — applied or rejected, not
 * skipped — since it started, 1-based):
 * - `push:before-commit:N`          SIGKILL after mutation N ran, before its transaction commits.
 * - `push:after-commit:N`           SIGKILL right after mutation N committed.
 * - `push:before-response`          SIGKILL after the whole batch committed, before the answer.
 * - `push:stall-before-commit:N:MS` wait MS ms before mutation N commits (the test takes the
 *                                   database away meanwhile).
 * - `push:delay-response:MS`        wait MS ms before every push answer (the client reloads meanwhile).
 * - `email:after-send:N`             see `emailFaultPoint` below.
 */

export type FaultPoint = 'before-commit' | 'after-commit' | 'before-response';

interface Fault {
  kind:
    'before-commit' | 'after-commit' | 'before-response' | 'stall-before-commit' | 'delay-response';
  n: number;
  ms: number;
}

function parse(value: string | undefined): Fault | null {
  if (!value || process.env.NODE_ENV === 'production') return null;
  const [scope, kind, a, b] = value.split(':');
  if (scope !== 'push') return null;
  switch (kind) {
    case 'before-commit':
    case 'after-commit':
      return { kind, n: Number(a), ms: 0 };
    case 'before-response':
      return { kind, n: 0, ms: 0 };
    case 'stall-before-commit':
      return { kind, n: Number(a), ms: Number(b) };
    case 'delay-response':
      return { kind, n: 0, ms: Number(a) };
    default:
      return null;
  }
}

const fault = parse(process.env.RADICA_FAULT);
const seen: Record<FaultPoint, number> = {
  'before-commit': 0,
  'after-commit': 0,
  'before-response': 0,
};

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
}

/** Called by push.ts at each point; `before-commit`/`after-commit` once per newly applied mutation. */
export async function faultPoint(point: FaultPoint): Promise<void> {
  if (!fault) return;
  const count = ++seen[point];
  if (fault.kind === point && (point === 'before-response' || count === fault.n)) die();
  if (fault.kind === 'stall-before-commit' && point === 'before-commit' && count === fault.n) {
    await new Promise((r) => setTimeout(r, fault.ms));
  }
  if (fault.kind === 'delay-response' && point === 'before-response') {
    await new Promise((r) => setTimeout(r, fault.ms));
  }
}

/**
 * The e-mail relay's fault (tests/faults/email-relay.test.ts): `email:after-send:N` SIGKILLs the
 * process after the SMTP server accepted its Nth message and before the row is marked sent, the
 * one window in which a message is sent twice (modules/email/relay.ts explains the choice).
 */
const emailFault = (() => {
  const value = process.env.RADICA_FAULT;
  if (!value || process.env.NODE_ENV === 'production') return null;
  const [scope, kind, n] = value.split(':');
  return scope === 'email' && kind === 'after-send' ? Number(n) : null;
})();
let emailSends = 0;

export async function emailFaultPoint(point: 'after-send'): Promise<void> {
  if (emailFault === null || point !== 'after-send') return;
  if (++emailSends === emailFault) die();
}
