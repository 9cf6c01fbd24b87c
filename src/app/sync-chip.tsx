/**
 * The sync chip of the top bar, on every signed-in screen and at every width: what the engine is
 * doing ('Sin conexión · 3 cambios sin enviar', 'Enviando 30 cambios…', 'Sincronizado 10:42') and, in red,
 * how many changes were refused. Tapping it opens 'Cambios pendientes'.
 * `useSyncChipTexts` gives the same words to places that cover the top bar (the full-screen
 * 'Nuevo Cliente' form), so they can never say something the chip would not.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue, useSetAtom } from 'jotai';
import { readCounts } from '../sync/status';
import { localDbAtom, syncStatusAtom } from '../state/local-data';
import { syncPanelAtom } from '../state/sync-panel';
import { useOnline } from '../lib/use-online';
import { refusedText, syncChipText, syncChipWarns, type SyncView } from './sync-text';
import { plural } from '../domain/format';
import { useOpenProblems } from '../state/problems';
import { useOrphanDraftCount } from './use-orphan-drafts';

/** The engine's status; while no engine runs (a login verified on this device only) the counts come from the local store. */
export function useSyncView(): SyncView {
  const status = useAtomValue(syncStatusAtom);
  const db = useAtomValue(localDbAtom);
  const online = useOnline();
  const local = useLiveQuery(async () => (status || !db ? null : readCounts(db)), [db, status === null]);
  if (status) return { online, state: status.state, pending: status.pending, problems: status.problems, lastSyncAt: status.lastSyncAt };
  return { online, state: null, pending: local?.pending ?? 0, problems: local?.problems ?? 0 };
}

export interface SyncChipTexts {
  /** 'Sin conexión · 1 cambio sin enviar', 'Sincronizado 10:42'… */
  status: string;
  /** The red pill ('1 conflicto', '2 con problemas'); null when nothing was refused. */
  refused: string | null;
  /** Offline, not signed in or in error: shown in amber. */
  warn: boolean;
}

/**
 * What the chip shows for a view, the open conflicts and the drafts left without their
 * application. The engine's problem count and the open conflicts are read apart (a conflict can
 * be recorded before the engine counts it), so the larger of the two is what was refused; drafts
 * left without their application are named as such ('1 borrador sin solicitud'), as the panel
 * lists them apart from refused changes.
 */
export function syncChipTexts(view: SyncView, conflicts: number, orphanDrafts = 0): SyncChipTexts {
  const refused = Math.max(view.problems, conflicts);
  const parts = [
    refused > 0 ? refusedText(refused, conflicts) : '',
    orphanDrafts > 0 ? plural(orphanDrafts, 'borrador sin solicitud', 'borradores sin solicitud') : '',
  ].filter(Boolean);
  return { status: syncChipText(view), refused: parts.length ? parts.join(' · ') : null, warn: syncChipWarns(view) };
}

/** The chip's words, live, for anything that shows the sync state. */
export function useSyncChipTexts(): SyncChipTexts {
  const view = useSyncView();
  const conflicts = useOpenProblems().filter((p) => p.code === 'CONFLICT').length;
  return syncChipTexts(view, conflicts, useOrphanDraftCount());
}

export function SyncChip() {
  const { status, refused, warn } = useSyncChipTexts();
  const openPanel = useSetAtom(syncPanelAtom);
  return (
    <button
      type="button"
      onClick={() => openPanel({ open: true })}
      aria-haspopup="dialog"
      className={`flex min-h-11 min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-0.5 rounded-full px-3 py-1 text-left text-sm leading-tight font-semibold focus-visible:outline-2 focus-visible:outline-white ${
        warn ? 'bg-amber-200 text-amber-950 hover:bg-amber-100' : 'bg-blue-800 text-white hover:bg-blue-700'
      }`}
    >
      <span data-testid="sync-status">{status}</span>
      {refused && (
        <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-white" data-testid="sync-problemas">
          {refused}
        </span>
      )}
    </button>
  );
}
