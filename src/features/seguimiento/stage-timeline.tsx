/**
 * The 'Proceso del Crédito' timeline: one entry per stage, in the server's order. Staff comments,
 * history comments and file names are free text (a pasted link is one long word): they wrap
 * anywhere so a phone never scrolls sideways.
 */
import type { ReactNode } from 'react';
import { StatusBadge } from '../../components/ui/status-badge';
import { StageIcon } from './stage-icon';
import { formatFecha, nombreEtapa, type Etapa } from './tracking-api';

export function StageTimeline({
  etapas,
  documentos,
}: {
  etapas: Etapa[];
  documentos: ReactNode;
}) {
  return (
    <section aria-labelledby="proceso-titulo" className="mt-6">
      <h2 id="proceso-titulo" className="mb-3 text-lg font-semibold text-slate-900">
        Proceso del Crédito
      </h2>
      {etapas.length === 0 ? (
        <p className="text-sm text-slate-600">Este radicado aún no tiene etapas registradas.</p>
      ) : (
        <ol className="relative space-y-4 border-l-2 border-slate-200 pl-6">
          {etapas.map((etapa, i) => (
            <StageItem key={`${etapa.etapa}-${i}`} etapa={etapa}>
              {etapa.etapa.trim().toLowerCase() === 'documentos' ? documentos : null}
            </StageItem>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One stage; its status is the badge by its name (the public page changes no status). */
function StageItem({ etapa, children }: { etapa: Etapa; children: ReactNode }) {
  const nombre = nombreEtapa(etapa.etapa);
  return (
    <li className="relative" aria-label={`Etapa ${nombre}`}>
      <span className="absolute -left-[2.35rem] flex h-8 w-8 items-center justify-center rounded-full bg-blue-100 text-blue-800 ring-4 ring-white">
        <StageIcon etapa={etapa.etapa} />
      </span>
      <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-slate-900">{nombre}</h3>
          <StatusBadge estado={etapa.estado} />
        </div>
        {etapa.comentarios && <p className="mt-2 text-sm text-slate-700 [overflow-wrap:anywhere]">{etapa.comentarios}</p>}

        {etapa.archivos.length > 0 && (
          <div className="mt-3">
            <h4 className="text-sm font-medium text-slate-800">Archivos</h4>
            <ul className="mt-1 divide-y divide-slate-100">
              {etapa.archivos.map((a, j) => (
                <li key={a.id ?? `${a.url}-${j}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
                  <span className="min-w-0 text-slate-800 [overflow-wrap:anywhere]">{a.nombre}</span>
                  <span className="flex items-center gap-3">
                    <span className="text-xs text-slate-600">{a.estado}</span>
                    <a
                      href={a.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-11 items-center font-medium text-blue-800 underline"
                    >
                      Ver archivo<span className="sr-only"> {a.nombre}</span>
                    </a>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}

        {etapa.historial.length > 0 && (
          <div className="mt-3 text-sm">
            <h4 className="font-medium text-slate-800">Historial</h4>
            <ul className="mt-1 space-y-2 border-l border-slate-200 pl-3">
              {etapa.historial.map((h, j) => (
                <li key={j} className="[overflow-wrap:anywhere]">
                  <span className="font-medium text-slate-900">{h.estado}</span>
                  {h.comentario && <span className="text-slate-700"> — {h.comentario}</span>}
                  <span className="block text-xs text-slate-500">{formatFecha(h.fecha)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}

        <p className="mt-2 text-xs text-slate-500">Actualizado: {formatFecha(etapa.fecha_actualizacion)}</p>

        {children}
      </div>
    </li>
  );
}
