/**
 * 'Etapas del seguimiento' (admin and supervisor, issue 29): the filing's tracking stages as the
 * applicant sees them on /seguimiento, each with a control to set its status and comment. The
 * stages are not mirrored on the device: they are read from the server when online, and the last
 * reading is kept on this device (localStorage, by application) with its date, so the section
 * still shows them offline. A change queues `etapa.actualizar` with what the person saw as its
 * base (a change made meanwhile is a conflict, not overwritten), works offline, and shows as
 * 'Sin enviar' until the server has it. Never read: nothing is offered.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { StatusBadge } from '../../components/ui/status-badge';
import { INPUT_CLASS } from '../../components/ui/text-field';
import { mutate } from '../../db/mutate';
import { estadosDe } from '../../domain/estados';
import { formatDateTime } from '../../domain/format';
import { ETAPA_LABELS, type Etapa } from '../../domain/seguimiento';
import { apiJson } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import { reportDelivery } from '../../state/delivery';
import { syncClientAtom, useLocalDb } from '../../state/local-data';
import { Section } from './section';

export const STAGE_SAVED_OFFLINE = 'Cambio de etapa guardado en este dispositivo. Se enviará al servidor cuando haya conexión.';

interface StageRow {
  etapa: string;
  estado: string;
  comentarios: string | null;
  fecha_actualizacion: string | null;
  /** Queued on this device, not on the server yet. */
  pendiente?: boolean;
}
interface Reading {
  etapas: StageRow[];
  leido: string;
}

const cacheKey = (solicitudId: string) => `radica-etapas-${solicitudId}`;
function cached(solicitudId: string): Reading | null {
  try {
    const raw = localStorage.getItem(cacheKey(solicitudId));
    return raw ? (JSON.parse(raw) as Reading) : null;
  } catch {
    return null;
  }
}
const keep = (solicitudId: string, r: Reading) => localStorage.setItem(cacheKey(solicitudId), JSON.stringify(r));
const label = (etapa: string) => ETAPA_LABELS[etapa as Etapa] ?? etapa.charAt(0).toUpperCase() + etapa.slice(1);

function StageItem({ row, estados, onSave }: { row: StageRow; estados: string[]; onSave: (estado: string, comentarios: string) => Promise<void> }) {
  const [estado, setEstado] = useState(row.estado);
  const [comentarios, setComentarios] = useState(row.comentarios ?? '');
  const [busy, setBusy] = useState(false);
  const id = `etapa-${row.etapa}`;
  const changed = estado !== row.estado || comentarios.trim() !== (row.comentarios ?? '');
  return (
    <fieldset className="rounded-md border border-slate-200 p-3" data-testid="etapa">
      <legend className="px-1 font-semibold text-slate-800">{label(row.etapa)}</legend>
      <p className="mb-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        Estado actual: <StatusBadge estado={row.estado} />
        {row.pendiente && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Sin enviar</span>}
        {row.fecha_actualizacion && <span>Actualizada el {formatDateTime(row.fecha_actualizacion)}</span>}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-estado`} className="mb-1 block text-sm font-medium text-slate-800">
            Nuevo estado de {label(row.etapa)}
          </label>
          <select id={`${id}-estado`} className={INPUT_CLASS} value={estado} onChange={(e) => setEstado(e.target.value)}>
            {[...new Set([row.estado, ...estados])].map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-comentarios`} className="mb-1 block text-sm font-medium text-slate-800">
            Comentario para el solicitante
          </label>
          <input id={`${id}-comentarios`} className={INPUT_CLASS} maxLength={2000} value={comentarios} onChange={(e) => setComentarios(e.target.value)} />
        </div>
      </div>
      <div className="mt-3 flex justify-end">
        <Button
          disabled={!changed}
          busy={busy}
          busyLabel="Guardando..."
          onClick={() => {
            setBusy(true);
            void onSave(estado, comentarios.trim()).finally(() => setBusy(false));
          }}
        >
          Actualizar etapa
        </Button>
      </div>
    </fieldset>
  );
}

export function StagesSection({ solicitudId, radicado, subjectLine }: { solicitudId: string; radicado: string | null; subjectLine: string }) {
  const db = useLocalDb();
  const client = useAtomValue(syncClientAtom);
  const online = useOnline();
  const estadosRows = useLiveQuery(() => db.estados.toArray(), [db]);
  const estados = estadosDe(estadosRows?.find((r) => Array.isArray(r.estados))?.estados);
  const [reading, setReading] = useState<Reading | null>(() => cached(solicitudId));
  const [error, setError] = useState(false);

  const load = useCallback(async () => {
    if (!radicado) return;
    try {
      const data = await apiJson<{ etapas: StageRow[] }>(`/api/seguimiento/radicado/${encodeURIComponent(radicado)}`);
      const next = { etapas: data.etapas.map(({ etapa, estado, comentarios, fecha_actualizacion }) => ({ etapa, estado, comentarios, fecha_actualizacion })), leido: new Date().toISOString() };
      keep(solicitudId, next);
      setReading(next);
      setError(false);
    } catch {
      setError(true);
    }
  }, [radicado, solicitudId]);

  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  const save = async (row: StageRow, estado: string, comentarios: string) => {
    const id = await mutate(db, 'etapa.actualizar', {
      solicitudId,
      etapa: row.etapa,
      estado,
      comentarios: comentarios || null,
      base: { estado: row.estado, comentarios: row.comentarios },
    });
    setReading((r) => {
      if (!r) return r;
      const next = { ...r, etapas: r.etapas.map((e) => (e.etapa === row.etapa ? { ...e, estado, comentarios: comentarios || null, pendiente: true } : e)) };
      keep(solicitudId, next);
      return next;
    });
    const outcome = await reportDelivery(db, [id], { sent: 'Etapa actualizada', queued: STAGE_SAVED_OFFLINE, description: subjectLine }, { client, online: navigator.onLine });
    if (outcome !== 'queued') await load();
  };

  let body;
  if (!radicado) body = <p className="text-sm text-slate-700">La solicitud aún no tiene radicado: sus etapas se crean al radicarla.</p>;
  else if (!reading)
    body = error || !online ? (
      <p className="text-sm text-slate-700">Las etapas se consultan en el servidor. Conéctate para verlas y actualizarlas.</p>
    ) : (
      <p className="text-sm text-slate-700">Cargando etapas…</p>
    );
  else
    body = (
      <div className="space-y-3">
        {(!online || error) && <p className="text-sm text-slate-700">Última consulta al servidor: {formatDateTime(reading.leido)}.</p>}
        {reading.etapas.map((row) => (
          <StageItem key={`${row.etapa}-${row.estado}-${row.comentarios ?? ''}`} row={row} estados={estados} onSave={(estado, c) => save(row, estado, c)} />
        ))}
      </div>
    );
  return (
    <Section title="Etapas del seguimiento" testId="seccion-etapas">
      {body}
    </Section>
  );
}
