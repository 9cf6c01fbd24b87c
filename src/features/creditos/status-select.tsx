/**
 * The status control of one row (users with change_status). A Listbox, not a bare <select>: the
 * arrow keys only move the highlight, nothing changes until Enter or a tap. The final statuses
 * (Negado, Desistido, Desembolsado, Pagado) ask first. The change is queued at once (also offline;
 * never held back for the undo window) and its toast offers 'Deshacer' for 10 seconds, which
 * queues the change back. The toast follows the change: 'Guardado en el servidor.' once the server
 * took it; gone once the server refused it (its conflict or refusal notice speaks then).
 */
import { useState } from 'react';
import { askConfirm } from '../../components/ui/confirm-dialog';
import { Listbox } from '../../components/ui/listbox';
import { StatusBadge } from '../../components/ui/status-badge';
import { liveQuery } from 'dexie';
import { toast, toastWithUndo } from '../../components/ui/toast';
import type { RadicaDB, SolicitudRow } from '../../db/database';
import { mutate } from '../../db/mutate';
import { normalizeEstado } from '../../domain/estados';
import { fullName } from '../../domain/solicitud';
import { useLocalDb } from '../../state/local-data';

/** Statuses that close or settle an application: changing to one asks for confirmation. */
export const FINAL_ESTADOS = ['Negado', 'Desistido', 'Desembolsado', 'Pagado'] as const;
const isFinal = (estado: string) => (FINAL_ESTADOS as readonly string[]).includes(estado);

function errorMessage(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

export const SAVED_ON_SERVER = 'Guardado en el servidor.';

const isShown = (id: string | number) => toast.getToasts().some((t) => t.id === id && !('dismiss' in t && t.dismiss));

/**
 * Calls `applied` once the server took mutation `id` (it left the outbox with no problem), or
 * `refused` once it refused it; stops watching after either, or after ten minutes.
 */
function followDelivery(db: RadicaDB, id: number, on: { applied: () => void; refused: () => void }) {
  const sub = liveQuery(async () => ({ queued: (await db.outbox.get(id)) !== undefined, problem: (await db.problems.get(id)) !== undefined })).subscribe({
    next: ({ queued, problem }) => {
      if (problem) on.refused();
      else if (!queued) on.applied();
      else return;
      stop();
    },
    error: () => stop(),
  });
  // Offline for long, nobody is looking at this toast any more.
  const timer = setTimeout(() => stop(), 10 * 60_000);
  function stop() {
    clearTimeout(timer);
    queueMicrotask(() => sub.unsubscribe());
  }
}

/** Where the change is: sent right away when online, kept on this device otherwise. */
export const whereText = (online: boolean) =>
  online ? 'Se está enviando al servidor.' : 'Guardado en este dispositivo; se enviará cuando haya conexión.';

export function StatusSelect({ row, estados }: { row: SolicitudRow; estados: readonly string[] }) {
  const db = useLocalDb();
  const [saving, setSaving] = useState(false);
  const current = normalizeEstado(row.solicitud?.estado, estados);
  const options = (estados.includes(current) ? estados : [current, ...estados]).map((e) => ({ value: e, label: e }));
  const who = `${fullName(row.solicitante ?? {})} · ${row.solicitud?.radicado ?? 'sin radicar'}`;

  const queue = (estado: string, seen: string | null) =>
    mutate(db, 'solicitud.cambiarEstado', { solicitudId: row.id, estado, base: { estado: seen } });

  const change = async (estado: string) => {
    if (isFinal(estado)) {
      const ok = await askConfirm({
        title: `¿Cambiar el estado a ${estado}?`,
        message: `La solicitud de ${who} pasará de ${current} a ${estado}.`,
        confirmLabel: `Cambiar a ${estado}`,
        tone: estado === 'Negado' || estado === 'Desistido' ? 'danger' : 'primary',
      });
      if (!ok) return;
    }
    setSaving(true);
    try {
      await apply(estado, row.solicitud?.estado ?? null, current, `Estado cambiado a ${estado}`);
    } finally {
      setSaving(false);
    }
  };

  /** Queues `estado` over `seen` and offers to queue `previous` back; the undo toast offers the same. */
  const apply = async (estado: string, seen: string | null, previous: string, title: string): Promise<void> => {
    let mutationId: number;
    try {
      mutationId = await queue(estado, seen);
    } catch (error) {
      toast.error('Error al actualizar el estado', { description: errorMessage(error) });
      return;
    }
    let undone = false;
    const onUndo = () => {
      undone = true;
      void apply(previous, estado, estado, `Estado devuelto a ${previous}`);
    };
    const id = toastWithUndo(title, { description: `${who}. ${whereText(navigator.onLine)}`, onUndo });
    followDelivery(db, mutationId, {
      // Said again only while it is on screen and not undone.
      applied: () => {
        if (!undone && isShown(id)) toastWithUndo(title, { id, description: `${who}. ${SAVED_ON_SERVER}`, onUndo });
      },
      // The server refused it (a conflict, a rule): its notice says so; this toast no longer holds.
      refused: () => toast.dismiss(id),
    });
  };

  return (
    <Listbox
      label="Cambiar estado"
      value={current}
      options={options}
      busy={saving}
      onChange={(e) => void change(e)}
      renderValue={(o) => <StatusBadge estado={o?.value ?? current} />}
      className="max-w-[11.5rem]"
    />
  );
}
