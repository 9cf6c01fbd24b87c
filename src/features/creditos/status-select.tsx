import { useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import type { SolicitudRow } from '../../db/database';
import { mutate } from '../../db/mutate';
import { normalizeEstado } from '../../domain/estados';
import { useLocalDb } from '../../state/local-data';

function errorMessage(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

/** The status dropdown of one row (users with change_status); the change is queued offline too. */
export function StatusSelect({ row, estados }: { row: SolicitudRow; estados: readonly string[] }) {
  const db = useLocalDb();
  const [saving, setSaving] = useState(false);
  const current = normalizeEstado(row.solicitud?.estado, estados);
  const options = estados.includes(current) ? estados : [current, ...estados];

  const onChange = async (event: ChangeEvent<HTMLSelectElement>) => {
    const estado = event.target.value;
    if (estado === current) return;
    setSaving(true);
    try {
      await mutate(db, 'solicitud.cambiarEstado', {
        solicitudId: row.id,
        estado,
        base: { estado: row.solicitud?.estado ?? null },
      });
      toast.success('Estado actualizado');
    } catch (error) {
      toast.error('Error al actualizar el estado', { description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <select
      aria-label="Cambiar estado"
      value={current}
      disabled={saving}
      onChange={(e) => void onChange(e)}
      // The row opens the record on click and Enter/Space; the select keeps those to itself.
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      className="min-h-11 max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus:outline-2 focus:outline-blue-700"
    >
      {options.map((e) => (
        <option key={e} value={e}>
          {e}
        </option>
      ))}
    </select>
  );
}
