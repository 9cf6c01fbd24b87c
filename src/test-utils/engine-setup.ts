/** Shared set-up for the engine tests: a fresh database, the model server and hand-driven triggers. */
import { RadicaDB } from '../db/database';
import { SyncEngine, type SyncEngineOptions } from '../sync/engine';
import { ModelServer } from './model-server';
import type { SyncStatus } from '../sync/status';
import type { SyncTriggers } from '../sync/triggers';

export const A = '0190a0a0-0000-7000-8000-00000000000a';
export const B = '0190a0a0-0000-7000-8000-00000000000b';
export const C = '0190a0a0-0000-7000-8000-00000000000c';

export function manualTriggers() {
  let online = true;
  const connectivity = new Set<(online: boolean) => void>();
  const intervals: { callback: () => void; ms: number }[] = [];
  const timeouts: { callback: () => void; ms: number; cancelled: boolean }[] = [];
  const triggers: SyncTriggers = {
    isOnline: () => online,
    onConnectivity(callback) {
      connectivity.add(callback);
      return () => connectivity.delete(callback);
    },
    setInterval(callback, ms) {
      const entry = { callback, ms };
      intervals.push(entry);
      return () => intervals.splice(intervals.indexOf(entry), 1);
    },
    setTimeout(callback, ms) {
      const entry = { callback, ms, cancelled: false };
      timeouts.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  return {
    triggers,
    intervals,
    timeouts,
    setOnline(value: boolean) {
      online = value;
      for (const cb of connectivity) cb(value);
    },
    /** The backoff timer still armed, if any. */
    armedTimeout() {
      return timeouts.filter((t) => !t.cancelled).at(-1);
    },
  };
}

export function setup(options: Partial<SyncEngineOptions> = {}) {
  const db = options.db ?? new RadicaDB(`test-${crypto.randomUUID()}`);
  const server = new ModelServer();
  const manual = manualTriggers();
  let now = Date.parse('2025-06-01T12:00:00.000Z');
  const engine = new SyncEngine({
    db,
    transport: server,
    triggers: manual.triggers,
    locks: null,
    random: () => 0.5,
    now: () => now,
    pullLimit: 2,
    ...options,
  });
  const statuses: SyncStatus[] = [];
  engine.subscribe((s) => statuses.push(s));
  return {
    db,
    server,
    engine,
    manual,
    statuses,
    advance(ms: number) {
      now += ms;
    },
    now: () => now,
  };
}
