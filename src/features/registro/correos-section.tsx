/**
 * 'Correos' of 'Editar Registro': each e-mail Radica queued about this application (a bank change,
 * a return for correction) with its recipient and where it is, read from the server (the outbox
 * lives there, not on the device). 'Enviado' only once an SMTP server accepted it; a failed one
 * says so with the reason, and an admin or supervisor can queue it again ('Reintentar').
 * Offline it says the state will show with a connection, never a guess.
 */
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { motivoCorreo, type CorreoSolicitud } from '../../domain/correo';
import { formatDateTime } from '../../domain/format';
import { ApiError, apiJson } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import { syncStatusAtom } from '../../state/local-data';
import { Section } from './section';

export const MSG_CORREO_REINTENTO =
  'El correo volvió a la cola: se intentará enviar de nuevo en unos momentos.';

function EstadoCorreo({ correo }: { correo: CorreoSolicitud }) {
  if (correo.estado === 'enviado') {
    return (
      <span className="font-medium text-emerald-800">
        Enviado el {formatDateTime(correo.enviado_en)}
      </span>
    );
  }
  if (correo.estado === 'fallido') {
    return (
      <span className="font-medium text-red-800">
        No se pudo enviar{motivoCorreo(correo.ultimo_error) ? ` — ${motivoCorreo(correo.ultimo_error)}` : ''}
      </span>
    );
  }
  return <span className="font-medium text-amber-800">En cola: aún no se ha enviado</span>;
}

export function CorreosSection({
  solicitudId,
  token,
  canRetry,
}: {
  solicitudId: string;
  token: string;
  canRetry: boolean;
}) {
  const online = useOnline();
  const lastSyncAt = useAtomValue(syncStatusAtom)?.lastSyncAt;
  const [correos, setCorreos] = useState<CorreoSolicitud[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setCorreos(
        await apiJson<CorreoSolicitud[]>(`/api/solicitudes/${solicitudId}/correos`, { token }),
      );
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'No se pudo cargar el estado de los correos.');
    }
  }, [solicitudId, token]);

  // On open and after each sync: a bank change just sent queues its e-mails on the server.
  useEffect(() => {
    if (online) void load();
  }, [online, load, lastSyncAt]);

  const retry = async (correo: CorreoSolicitud) => {
    setRetrying(correo.id);
    try {
      const updated = await apiJson<CorreoSolicitud>(
        `/api/solicitudes/${solicitudId}/correos/${correo.id}/reintentar`,
        { token, method: 'POST' },
      );
      setCorreos((list) => (list ?? []).map((c) => (c.id === updated.id ? updated : c)));
      toast.success(MSG_CORREO_REINTENTO);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'No se pudo reintentar el correo.');
      void load();
    } finally {
      setRetrying(null);
    }
  };

  let body: React.ReactNode;
  if (!online) {
    body = (
      <p className="text-sm text-slate-700">
        Sin conexión: el estado de los correos de esta solicitud se verá cuando vuelvas a tener
        conexión.
      </p>
    );
  } else if (error) {
    body = (
      <div role="alert" className="space-y-2 text-sm">
        <p className="text-red-800">{error}</p>
        <Button onClick={() => void load()}>Reintentar</Button>
      </div>
    );
  } else if (correos === null) {
    body = <Spinner label="Cargando correos..." />;
  } else if (correos.length === 0) {
    body = <p className="text-sm text-slate-700">No hay correos sobre esta solicitud.</p>;
  } else {
    body = (
      <>
        <div className="mb-2 flex justify-end">
          <Button onClick={() => void load()}>Actualizar</Button>
        </div>
        <ul className="divide-y divide-slate-200" aria-label="Correos de esta solicitud">
          {correos.map((c) => (
            <li
              key={c.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              data-testid="correo"
            >
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{c.asunto}</p>
                <p className="break-words text-slate-700">Para: {c.destinatario}</p>
                <p data-testid="correo-estado">
                  <EstadoCorreo correo={c} />
                </p>
              </div>
              {canRetry && c.estado === 'fallido' && (
                <Button
                  onClick={() => void retry(c)}
                  disabled={retrying === c.id}
                  aria-label={`Reintentar el correo a ${c.destinatario}`}
                >
                  {retrying === c.id ? 'Reintentando...' : 'Reintentar'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <Section title="Correos" testId="seccion-correos">
      {body}
    </Section>
  );
}
