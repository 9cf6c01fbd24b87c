/**
 * 'Historial de cambios' of the 'Editar Registro' modal (admin and supervisor; the server refuses
 * everyone else). The list is read from Dexie; when online it is fetched from the read-only
 * GET /api/solicitudes/:id/historial on open and after each sync, and stored, so it also shows
 * offline with the date of the copy.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, apiJson } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import type { DefinicionEtiqueta } from '../../domain/field-definition';
import type { HistorialEntry } from '../../domain/historial';
import { syncStatusAtom, useLocalDb } from '../../state/local-data';
import { useEtiquetas } from '../../state/etiquetas';
import { Section } from './section';
import { actionLabel, changeLines, EMPTY_VALUE, entityLabel, formatFecha } from './historial-format';
import { Button } from '../../components/ui/button';

export function HistorialSection({ solicitudId, token }: { solicitudId: string; token: string }) {
  const db = useLocalDb();
  const online = useOnline();
  const lastSyncAt = useAtomValue(syncStatusAtom)?.lastSyncAt;
  const cached = useLiveQuery(async () => (await db.historial.get(solicitudId)) ?? null, [db, solicitudId]);
  // The company's definitions: a configured field is named by the label its administrator gave it.
  const etiquetas = useEtiquetas();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const entries = await apiJson<HistorialEntry[]>(`/api/solicitudes/${solicitudId}/historial`, { token });
      await db.historial.put({ solicitudId, entries, fetchedAt: new Date().toISOString() });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'No se pudo cargar el historial de cambios.');
    } finally {
      setLoading(false);
    }
  }, [db, solicitudId, token]);

  // Fetched on open and again after each sync (a change just sent shows up in the trail).
  useEffect(() => {
    if (online) void load();
  }, [online, load, lastSyncAt]);

  let body: React.ReactNode;
  if (cached === undefined || (cached === null && loading)) {
    body = <Spinner label="Cargando historial..." />;
  } else if (cached === null) {
    body = online ? (
      <div role="alert" className="space-y-2 text-sm">
        <p className="text-red-800">{error ?? 'No se pudo cargar el historial de cambios.'}</p>
        <Button onClick={() => void load()}>Reintentar</Button>
      </div>
    ) : (
      <p className="text-sm text-slate-700">
        Sin conexión: el historial de cambios de esta solicitud no se ha descargado en este dispositivo. Se verá cuando vuelvas a tener conexión.
      </p>
    );
  } else {
    body = (
      <>
        {(!online || error) && (
          <p className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="historial-fecha-copia">
            Datos del {formatFecha(cached.fetchedAt)}
            {!online ? ' (sin conexión).' : `. ${error}`}
          </p>
        )}
        {loading && <Spinner label="Actualizando..." className="mb-2 text-sm text-slate-600" />}
        {cached.entries.length === 0 ? (
          <p className="text-sm text-slate-700">Sin cambios registrados.</p>
        ) : (
          <ol className="space-y-3" aria-label="Cambios, del más reciente al más antiguo">
            {cached.entries.map((entry) => (
              <HistorialItem key={entry.id} entry={entry} etiquetas={etiquetas} />
            ))}
          </ol>
        )}
      </>
    );
  }

  return (
    <Section title="Historial de cambios" testId="seccion-historial">
      {body}
    </Section>
  );
}

function HistorialItem({ entry, etiquetas }: { entry: HistorialEntry; etiquetas: readonly DefinicionEtiqueta[] }) {
  const lines = changeLines(entry, etiquetas);
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="historial-entrada">
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{entityLabel(entry.entidad)} · {actionLabel(entry.accion)}</span>
        <span className="block sm:inline sm:before:content-['_—_']">
          {formatFecha(entry.fecha)} · {entry.usuario_nombre ?? (entry.usuario_id === null ? 'Solicitante (seguimiento público)' : 'Usuario eliminado')}
        </span>
      </p>
      {lines.length > 0 && (
        <dl className="mt-2 space-y-1 text-sm">
          {lines.map((l) => (
            <div key={l.field} className="grid gap-x-2 sm:grid-cols-[minmax(10rem,auto)_1fr]" data-testid="historial-cambio">
              <dt className="font-medium text-slate-800">{l.label}</dt>
              {l.before === l.after ? (
                // A value the entry names without changing it (the recipient of a retried e-mail).
                <dd className="break-words text-slate-900">{l.after}</dd>
              ) : (
                <dd className="break-words text-slate-700">
                  <span className="sr-only">Valor anterior: </span>
                  <span className={l.before === EMPTY_VALUE ? 'text-slate-500' : 'text-slate-600 line-through decoration-slate-400'}>{l.before}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only">, valor nuevo: </span>
                  <span className="font-semibold text-slate-900">{l.after}</span>
                </dd>
              )}
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
