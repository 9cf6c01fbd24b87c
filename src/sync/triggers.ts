/**
 * What wakes the sync engine besides explicit calls: connectivity events and timers, plus the
 * cross-tab lock. Injected so tests drive them by hand.
 * Invariants: every registration returns its own cancel function; nothing here touches data.
 */
export interface SyncTriggers {
  isOnline(): boolean;
  /** Calls back with true on `online` and false on `offline`. */
  onConnectivity(callback: (online: boolean) => void): () => void;
  setInterval(callback: () => void, ms: number): () => void;
  setTimeout(callback: () => void, ms: number): () => void;
}

/** The subset of the Web Locks API the engine uses. */
export interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

interface EventTargetLike {
  addEventListener?: (type: string, listener: () => void) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
  navigator?: { onLine?: boolean; locks?: LockManagerLike };
}

/** Triggers of a window or worker global scope (Node: always online, no events). */
export function browserTriggers(
  scope: EventTargetLike = globalThis as EventTargetLike,
): SyncTriggers {
  return {
    isOnline: () => scope.navigator?.onLine !== false,
    onConnectivity(callback) {
      const online = () => callback(true);
      const offline = () => callback(false);
      scope.addEventListener?.('online', online);
      scope.addEventListener?.('offline', offline);
      return () => {
        scope.removeEventListener?.('online', online);
        scope.removeEventListener?.('offline', offline);
      };
    },
    setInterval(callback, ms) {
      const handle = setInterval(callback, ms);
      return () => clearInterval(handle);
    },
    setTimeout(callback, ms) {
      const handle = setTimeout(callback, ms);
      return () => clearTimeout(handle);
    },
  };
}

export function defaultLocks(): LockManagerLike | null {
  return (globalThis as EventTargetLike).navigator?.locks ?? null;
}
