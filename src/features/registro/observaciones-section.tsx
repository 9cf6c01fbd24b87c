import { useState } from 'react';
import { toast } from 'sonner';
import { mutate } from '../../db/mutate';
import { uuidv7 } from '../../domain/ids';
import type { ObservacionRow } from '../../domain/solicitud';
import { useLocalDb } from '../../state/local-data';
import { Section } from './field-input';

const fecha = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('es-CO', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
};

/** 'Historial de Observaciones': newest first; a new note is queued (works offline). */
export function ObservacionesSection({
  solicitudId,
  observaciones,
  userName,
  canWrite,
}: {
  solicitudId: string;
  observaciones: readonly ObservacionRow[];
  userName: string;
  canWrite: boolean;
}) {
  const db = useLocalDb();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const sorted = [...observaciones].sort((a, b) => Date.parse(b.fecha_creacion) - Date.parse(a.fecha_creacion));

  const add = async () => {
    const observacion = text.trim();
    if (!observacion) return;
    setSaving(true);
    try {
      await mutate(db, 'observacion.agregar', {
        solicitudId,
        observacionId: uuidv7(),
        observacion,
        tipo: 'comentario',
        fecha_creacion: new Date().toISOString(),
        usuario_nombre: userName,
      });
      setText('');
      toast.success('Observación agregada');
    } catch (error) {
      toast.error('Error al agregar la observación', { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section title="Historial de Observaciones" testId="seccion-observaciones">
      {canWrite && (
        <div className="mb-4">
          <label htmlFor="nueva-observacion" className="block text-sm font-medium text-slate-700">
            Nueva observación
          </label>
          <textarea
            id="nueva-observacion"
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 p-3 text-base focus:outline-2 focus:outline-blue-700"
          />
          <div className="mt-2 flex justify-end">
            <button
              type="button"
              disabled={!text.trim() || saving}
              onClick={() => void add()}
              className="min-h-11 rounded-md bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800 focus:outline-2 focus:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-50"
            >
              Agregar observación
            </button>
          </div>
        </div>
      )}
      {sorted.length === 0 ? (
        <p className="text-slate-600">No hay observaciones registradas.</p>
      ) : (
        <ol className="space-y-2" aria-label="Observaciones" data-testid="lista-observaciones">
          {sorted.map((o) => (
            <li key={o.id} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="observacion">
              <p className="whitespace-pre-wrap text-slate-900">{o.observacion}</p>
              <p className="mt-1 text-xs text-slate-600">
                {[o.usuario_nombre, fecha(o.fecha_creacion)].filter(Boolean).join(' · ')}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
