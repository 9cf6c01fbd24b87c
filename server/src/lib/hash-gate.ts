/**
 * A gate in front of the password hash (scrypt, N=2^17: about 128 MB and a few hundred ms of one
 * core each). Invariants:
 * - at most `concurrency` hashes run at once in this process; the others wait in a FIFO queue;
 * - one key (a client address) holds at most `perKey` places, running or waiting, so one address
 *   sending many logins at once cannot fill the queue in front of everybody else's login;
 * - past `perKey` for its key, or with `queue` already waiting, a hash is refused at once with
 *   RATE_LIMITED and a `retryAfter` in seconds (the route answers 429 with Retry-After): nothing
 *   waits without a bound.
 */
import { AppError } from '../../../src/domain/errors';

export interface HashGateOptions {
  concurrency: number;
  perKey: number;
  queue: number;
}

export const HASH_BUSY = 'Hay demasiados inicios de sesión en curso. Espera un momento e inténtalo de nuevo.';

/** The refusal of a hash the gate cannot take now; `retryAfter` in whole seconds. */
export class HashBusyError extends AppError {
  constructor(readonly retryAfter: number) {
    super('RATE_LIMITED', HASH_BUSY);
  }
}

export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly held = new Map<string, number>();
  /** A rough duration of one hash, for Retry-After (updated from the hashes that ran). */
  private hashMs = 300;

  constructor(private options: HashGateOptions) {}

  configure(options: Partial<HashGateOptions>): void {
    this.options = { ...this.options, ...options };
  }

  /** How many hashes run / wait now (for tests and metrics). */
  stats() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `work` when a place is free; refuses at once when the key or the queue is full. */
  async run<T>(key: string | undefined, work: () => Promise<T>): Promise<T> {
    const { concurrency, perKey, queue } = this.options;
    const mine = key === undefined ? 0 : (this.held.get(key) ?? 0);
    const mustWait = this.running >= concurrency;
    if ((key !== undefined && mine >= perKey) || (mustWait && this.waiting.length >= queue)) {
      const ahead = this.waiting.length + this.running;
      throw new HashBusyError(Math.max(1, Math.ceil(((ahead / concurrency) * this.hashMs) / 1000)));
    }
    if (key !== undefined) this.held.set(key, mine + 1);
    try {
      if (mustWait) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running += 1;
      const started = Date.now();
      try {
        return await work();
      } finally {
        this.hashMs = Math.round(this.hashMs * 0.8 + (Date.now() - started) * 0.2);
        const next = this.waiting.shift();
        // The place passes to the next waiter as it is: `running` stays the same.
        if (next) next();
        else this.running -= 1;
      }
    } finally {
      if (key !== undefined) {
        const left = (this.held.get(key) ?? 1) - 1;
        if (left > 0) this.held.set(key, left);
        else this.held.delete(key);
      }
    }
  }
}
