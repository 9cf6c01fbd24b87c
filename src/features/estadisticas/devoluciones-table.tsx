/**
 * 'Devoluciones para corrección por asesor' (issue 34) on the statistics screen: per advisor, the
 * period's applications, how many were returned at least once and their share, and the median time
 * from a return to the advisor's answer. Numbers in es-CO. A table from 640 px on; on a phone one
 * card per advisor, so no figure hides past the edge.
 */
import type { DevolucionesAsesor } from '../../domain/estadisticas';
import { formatCount, formatHoras, formatPercent } from './format';

/**
 * Whom rendimiento counts an application for, in the captions of both per-person figures
 * (productivity and this table): the server counts both the same way.
 */
export const POR_ASESOR_RESPONSABLE = 'por asesor responsable (el asignado o, si no tiene, quien la creó)';

const TH = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const TD = 'px-3 py-2 text-sm text-slate-900 whitespace-nowrap';

const mediana = (r: DevolucionesAsesor) =>
  r.mediana_horas_respuesta === null ? 'Sin respuestas' : formatHoras(r.mediana_horas_respuesta);

/** The phone layout: one card per advisor with the four figures as label/value pairs. */
function Tarjetas({ rows }: { rows: DevolucionesAsesor[] }) {
  return (
    <ul className="mt-3 space-y-2 sm:hidden">
      {rows.map((r) => (
        <li key={r.asesor} className="rounded-md border border-slate-200 p-3">
          <p className="text-sm font-semibold text-slate-900">{r.asesor}</p>
          <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Solicitudes</dt>
            <dd className="text-right text-slate-900">{formatCount(r.solicitudes)}</dd>
            <dt className="text-slate-600">Devueltas</dt>
            <dd className="text-right text-slate-900">
              {formatCount(r.devueltas)} ({formatPercent(r.devueltas, r.solicitudes)})
            </dd>
            <dt className="text-slate-600">Mediana hasta la respuesta</dt>
            <dd className="text-right text-slate-900">{mediana(r)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function DevolucionesTable({
  rows,
  dias,
}: {
  rows: DevolucionesAsesor[] | undefined;
  dias: number;
}) {
  // An answer kept by a version without the figure: show nothing rather than zeros.
  if (rows === undefined) return null;
  return (
    <section
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby="devoluciones-titulo"
      data-testid="devoluciones-asesor"
    >
      <h3 id="devoluciones-titulo" className="text-base font-semibold text-slate-900">
        Devoluciones para corrección por asesor
      </h3>
      <p className="mt-1 text-xs text-slate-600" data-testid="devoluciones-caption">
        Solicitudes creadas en los últimos {dias} días, {POR_ASESOR_RESPONSABLE}; el tiempo va de la
        primera devolución a la primera respuesta.
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No hay solicitudes en el período.</p>
      ) : (
        <>
          <Tarjetas rows={rows} />
          <div className="mt-3 hidden overflow-x-auto sm:block">
            <table className="min-w-full divide-y divide-slate-200">
              <thead>
                <tr>
                  <th scope="col" className={TH}>
                    Asesor
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Solicitudes
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Devueltas
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    % devueltas
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    Mediana hasta la respuesta
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((r) => (
                  <tr key={r.asesor}>
                    <th scope="row" className={`${TD} text-left font-medium`}>
                      {r.asesor}
                    </th>
                    <td className={`${TD} text-right`}>{formatCount(r.solicitudes)}</td>
                    <td className={`${TD} text-right`}>{formatCount(r.devueltas)}</td>
                    <td className={`${TD} text-right`}>
                      {formatPercent(r.devueltas, r.solicitudes)}
                    </td>
                    <td className={`${TD} text-right`}>{mediana(r)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
