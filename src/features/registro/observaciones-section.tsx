import { useState } from 'react';
import { toast } from 'sonner';
import { mutate } from '../../db/mutate';
import { formatDateTime } from '../../domain/format';
import { uuidv7 } from '../../domain/ids';
import type { ObservacionRow } from '../../domain/solicitud';
import { useLocalDb } from '../../state/local-data';
import { Section } from './section';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/text-field';

const fecha = formatDateTime;

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
            className={`${INPUT_CLASS} mt-1`}
          />
          <div className="mt-2 flex justify-end">
            <Button variant="primary" disabled={!text.trim() || saving} onClick={() => void add()}>
              Agregar observación
            </Button>
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
