/**
 * Public page /seguimiento (spec 02 §2 'Credit tracking'): look a filing up by its radicado, follow
 * its stages and send documents, also without a connection (they wait on the phone). Statuses
 * read as badges (the spec's stage select is always disabled here, so it is not drawn), the
 * product by its label, and the company names itself with its public contact.
 */
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { StatusBadge } from '../../components/ui/status-badge';
import { optionLabel } from '../../domain/opciones';
import { avisoSinConexion, recibeDocumentos, solicitudCerrada } from '../../domain/seguimiento';
import { CompanyContact } from './company-contact';
import { DocumentUpload } from './document-upload';
import { StageTimeline } from './stage-timeline';
import { formatFecha } from './tracking-api';
import { useSeguimiento } from './use-seguimiento';

export default function TrackingPage() {
  const s = useSeguimiento();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const anterior = document.title;
    document.title = 'Seguimiento de Crédito — Radica';
    return () => {
      document.title = anterior;
    };
  }, []);

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await s.buscar();
    if (ok) resultRef.current?.focus();
    else inputRef.current?.focus();
  };

  const data = s.ultima?.data;

  return (
    <main className="min-h-screen bg-slate-50 text-slate-900">
      <div className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="text-2xl font-bold">Seguimiento de Crédito</h1>
        <p className="mt-1 text-sm text-slate-600">Consulte el estado de su solicitud con el número de radicado.</p>

        <form onSubmit={(e) => void enviar(e)} noValidate className="mt-4">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            Número de radicado
          </label>
          <div className="mt-1 flex gap-2">
            <input
              ref={inputRef}
              id={inputId}
              value={s.numero}
              onChange={(e) => s.setNumero(e.target.value)}
              placeholder="RAD-XXXXXXXX"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              aria-invalid={s.error ? true : undefined}
              className="min-h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-base uppercase placeholder:normal-case focus:border-blue-700 focus:outline-2 focus:outline-blue-700"
            />
            {/* Only a search in course holds the button; the status list loads beside it (below). */}
            <button
              type="submit"
              disabled={s.buscando}
              className="min-h-11 rounded-md bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60"
            >
              {s.buscando ? 'Buscando...' : 'Buscar'}
            </button>
          </div>
        </form>

        {!s.online && (
          <p role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-300">
            {avisoSinConexion(data?.estado_global)}
          </p>
        )}

        {s.error && (
          <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
            {s.error}
          </div>
        )}

        {data && s.ultima && (
          <>
            <section aria-labelledby="resultado-titulo" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 id="resultado-titulo" ref={resultRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
                  Radicado {data.id_radicado}
                </h2>
                <StatusBadge estado={data.estado_global} />
              </div>
              <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-500">Banco</dt>
                  <dd className="font-medium">{data.banco || '—'}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Producto</dt>
                  <dd className="font-medium">{data.producto_solicitado ? optionLabel('tipo_credito', data.producto_solicitado) : '—'}</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="text-slate-500">Última actualización</dt>
                  <dd className="font-medium">{formatFecha(data.fecha_cambio)}</dd>
                </div>
              </dl>
              {data.empresa && <CompanyContact empresa={data.empresa} />}
              <p className="mt-3 text-xs text-slate-500">
                Consultado el {formatFecha(s.ultima.consultado)}
                <span role="status">{s.cargandoEstados ? ' · Cargando estados...' : ''}</span>
              </p>
            </section>

            <StageTimeline
              etapas={data.etapas}
              documentos={
                !recibeDocumentos(data.estado_global) ? (
                  <p role="note" data-testid="solicitud-cerrada" className="rounded-md bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
                    {solicitudCerrada(data.estado_global)}
                  </p>
                ) : (
                <>
                  <DocumentUpload
                    pendientes={s.pendientes}
                    progreso={s.progreso}
                    online={s.online}
                    onSubir={s.subir}
                    onElegir={s.revisar}
                    onReintentar={s.reintentar}
                  />
                  {s.mensaje && (
                    <p role="status" className="mt-2 rounded-md bg-green-50 p-2 text-sm font-medium text-green-800 ring-1 ring-green-300">
                      {s.mensaje}
                    </p>
                  )}
                  {s.errorCarga && (
                    <div role="alert" data-testid="carga-error" className="mt-2 rounded-md bg-red-50 p-2 text-sm font-medium text-red-800 ring-1 ring-red-300">
                      <p>{s.errorCarga.mensaje}</p>
                      {s.errorCarga.rechazados.length > 0 && (
                        <ul className="mt-1 list-disc space-y-1 pl-5 font-normal" aria-label="Archivos rechazados">
                          {s.errorCarga.rechazados.map((r, i) => (
                            <li key={`${i}-${r.nombre}`} className="break-words">
                              {r.motivo}
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                  )}
                </>
                )
              }
            />
          </>
        )}
      </div>
    </main>
  );
}
