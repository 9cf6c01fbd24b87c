/**
 * 'Descargar Ventas' (spec 01 §7 `POST descargar-ventas/`). Invariants: the CSV holds only
 * applications the user may see in its company, is built by src/domain/csv.ts (';'-separated with
 * a UTF-8 BOM for Excel in Spanish (Colombia), formula characters neutralised); dates are the
 * Colombian day as dd/mm/yyyy, amounts plain integers. (The e-mail outbox moved to
 * modules/email/outbox.ts.)
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { solicitudes } from '../../db/schema';
import { toCsv } from '../../../../src/domain/csv';
import { diaColombia } from '../../../../src/domain/estadisticas';
import { fullName } from '../../../../src/domain/solicitud';
import type { AuthUser } from '../../plugins/auth';
import { buildRecords, loadSolicitudRows } from '../solicitudes/repository';
import { visibleSolicitudes } from '../solicitudes/visibility';

/** A sale is a credit the bank granted: approved, disbursed or paid. */
export const ESTADOS_VENTA = ['Aprobado', 'Desembolsado', 'Pagado'] as const;

export const VENTAS_HEADERS = [
  'Radicado',
  'Fecha',
  'Nombre',
  'Tipo Identificación',
  'Número Documento',
  'Correo',
  'Celular',
  'Ciudad',
  'Banco',
  'Tipo Crédito',
  'Monto Solicitado',
  'Plazo Meses',
  'Estado',
];

/** The Colombian day of an instant as dd/mm/yyyy (Excel in es-CO reads it as a date). */
export function fechaCsv(instant: string): string {
  const [y, m, d] = diaColombia(instant).split('-');
  return `${d}/${m}/${y}`;
}

export async function ventasCsv(db: DbOrTx, user: AuthUser): Promise<string> {
  const rows = await loadSolicitudRows(db, and(visibleSolicitudes(user), inArray(solicitudes.estado, [...ESTADOS_VENTA]), isNull(solicitudes.deletedAt))!);
  const records = await buildRecords(db, rows);
  const data = records.map((r) => {
    const s = r.solicitante;
    const dc = r.solicitud.detalle_credito ?? {};
    return [
      r.solicitud.radicado,
      r.solicitud.created_at ? fechaCsv(r.solicitud.created_at) : '',
      fullName(s),
      s.tipo_identificacion,
      s.numero_documento,
      s.correo,
      s.info_extra.celular ?? r.ubicacion?.detalle_direccion?.celular ?? s.info_extra.telefono ?? '',
      r.solicitud.ciudad_solicitud,
      r.solicitud.banco_nombre,
      r.solicitud.tipo_credito ?? dc.tipo_credito,
      typeof dc.monto_solicitado === 'number' ? dc.monto_solicitado : (dc.monto_solicitado ?? ''),
      typeof dc.plazo_meses === 'number' ? dc.plazo_meses : (dc.plazo_meses ?? ''),
      r.solicitud.estado,
    ];
  });
  return toCsv(VENTAS_HEADERS, data);
}
