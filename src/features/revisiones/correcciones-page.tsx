/**
 * 'Correcciones pendientes' (issue 34): the applications the office returned to the advisor and
 * that wait for the answer, read from the device's store, so the list is there offline. Each card
 * says whose application, its radicado, who returned it, when, and how many fields; opening one
 * opens its 'Editar Registro' with the flagged fields highlighted (the app layer wires the modal).
 */
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime, plural } from '../../domain/format';
import { fullName } from '../../domain/solicitud';
import { useDevueltas, type Devuelta } from '../../state/revisiones';

export default function CorreccionesPage({ onOpen }: { onOpen: (solicitudId: string) => void }) {
  const devueltas = useDevueltas();
  return (
    <section aria-labelledby="correcciones-titulo" className="mx-auto max-w-5xl space-y-4">
      <div>
        <h1 id="correcciones-titulo" className="text-2xl font-bold text-slate-900">
          Correcciones pendientes
        </h1>
        <p className="mt-1 text-slate-700">Solicitudes que la oficina te devolvió para corregir. Están guardadas en este dispositivo: puedes corregirlas sin conexión.</p>
      </div>
      {devueltas === undefined ? (
        <div className="flex justify-center py-12">
          <Spinner label="Cargando..." />
        </div>
      ) : devueltas.every((d) => d.enEspera) && (
        <p data-testid="correcciones-vacio" className="rounded-lg bg-white p-8 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
          No tienes correcciones pendientes.
        </p>
      )}
      {devueltas && devueltas.length > 0 && (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Solicitudes devueltas">
          {devueltas.map((d) => (
            <li key={d.revision.id}>
              <CorreccionCard devuelta={d} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CorreccionCard({ devuelta: { revision, solicitud, enEspera }, onOpen }: { devuelta: Devuelta; onOpen: (id: string) => void }) {
  const nombre = solicitud ? fullName(solicitud.solicitante) : 'Solicitud aún no descargada';
  return (
    <button
      type="button"
      data-testid="correccion"
      onClick={() => onOpen(revision.solicitud_id)}
      disabled={!solicitud}
      className="flex h-full min-h-11 w-full flex-col gap-1 rounded-lg bg-white p-4 text-left shadow-sm ring-1 ring-amber-300 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-blue-700 disabled:opacity-70"
    >
      <span className="flex w-full flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-slate-900">{nombre}</span>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-400 ring-inset">
          {plural(revision.campos.length, 'campo')}
        </span>
      </span>
      {solicitud?.solicitud.radicado && <span className="text-sm text-slate-600">{solicitud.solicitud.radicado}</span>}
      <span className="text-sm text-slate-800">
        Devuelta por {revision.devuelta_por_nombre} · <span className="whitespace-nowrap">{formatDateTime(revision.devuelta_en)}</span>
      </span>
      <span className="line-clamp-2 text-sm text-slate-700">{revision.mensaje}</span>
      {enEspera && (
        <span data-testid="correccion-en-dispositivo" className="text-sm font-medium text-amber-900">
          Correcciones guardadas en este dispositivo. Se enviarán al servidor cuando haya conexión.
        </span>
      )}
    </button>
  );
}
