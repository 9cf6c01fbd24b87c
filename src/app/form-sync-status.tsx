/**
 * The sync state under the 'Nuevo Cliente' title (credits-route.tsx hands it to the form). The form
 * is full screen below 1024 px and covers the top bar, so its sync chip (online, offline or
 * sending, the changes waiting on this device, the refused ones and conflicts) is repeated here,
 * read-only and small: the chip's own words from `useSyncChipTexts`, never a second wording.
 * 'Cambios pendientes' opens from the chip once the form is closed; a tap here would mean leaving
 * the form, so this line is not a button. Not a live region either: the chip is not one, and a
 * line that changes with every sync would interrupt whoever is filling the form with a reader.
 */
import { useSyncChipTexts } from './sync-chip';

export function FormSyncStatus() {
  const { status, refused, warn } = useSyncChipTexts();
  return (
    <span data-testid="formulario-sync" className="mt-1 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm leading-tight font-medium">
      <span
        className={`inline-flex min-w-0 items-center gap-1.5 rounded-full px-2 py-0.5 ring-1 ${
          warn ? 'bg-amber-50 text-amber-950 ring-amber-300' : 'bg-slate-50 text-slate-800 ring-slate-200'
        }`}
      >
        <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${warn ? 'bg-amber-500' : 'bg-blue-700'}`} />
        <span data-testid="formulario-sync-estado">{status}</span>
      </span>
      {refused && (
        <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white" data-testid="formulario-sync-problemas">
          {refused}
        </span>
      )}
    </span>
  );
}
