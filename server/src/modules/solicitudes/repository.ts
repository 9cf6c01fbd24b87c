/**
 * Loads application aggregates (SolicitudRecord) in a few batched queries: one for the
 * applications, one per child table keyed by the applicant or application ids. Used by pull,
 * the dashboard table and traer-todos-registros, so every reader sees the same shape.
 */
import { and, asc, desc, inArray, isNull, type SQL } from 'drizzle-orm';
import { allQueries, type DbOrTx } from '../../db/client';
import {
  actividadEconomica,
  documentos,
  informacionFinanciera,
  observaciones,
  referencias,
  solicitantes,
  solicitudes,
  ubicaciones,
} from '../../db/schema';
import { fullName, type SolicitudRecord } from '../../../../src/domain/solicitud';
import type { AuthUser } from '../../plugins/auth';
import { documentosServidos } from './visibility';

type SolicitudRow = typeof solicitudes.$inferSelect;

function groupBy<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
}

export async function loadSolicitudRows(
  db: DbOrTx,
  where: SQL,
  opts: { orderBySeq?: boolean; limit?: number; includeDeleted?: boolean } = {},
): Promise<SolicitudRow[]> {
  const cond = opts.includeDeleted ? where : and(where, isNull(solicitudes.deletedAt))!;
  const q = db
    .select()
    .from(solicitudes)
    .where(cond)
    .orderBy(opts.orderBySeq ? asc(solicitudes.seq) : desc(solicitudes.createdAt));
  return opts.limit ? q.limit(opts.limit) : q;
}

/**
 * Builds aggregates for already-loaded application rows, in the same order. With a `viewer`, the
 * documents are those it may be served (`documentosServidos`): the records that go to a person (the
 * dashboard, the complete record). `null` is for the server's own reading (an edit's old values,
 * a review's fields), never sent as a record: every live document of the applicant. The argument
 * is required so that a new caller chooses.
 */
export async function buildRecords(db: DbOrTx, rows: SolicitudRow[], viewer: AuthUser | null): Promise<SolicitudRecord[]> {
  if (rows.length === 0) return [];
  const sIds = [...new Set(rows.map((r) => r.solicitanteId))];
  const solIds = rows.map((r) => r.id);
  const [sols, ubis, acts, fins, refs, obs, docs] = await allQueries(
    db,
    () => db.select().from(solicitantes).where(inArray(solicitantes.id, sIds)),
    () => db.select().from(ubicaciones).where(inArray(ubicaciones.solicitanteId, sIds)),
    () => db.select().from(actividadEconomica).where(inArray(actividadEconomica.solicitanteId, sIds)),
    () => db.select().from(informacionFinanciera).where(inArray(informacionFinanciera.solicitanteId, sIds)),
    () =>
      db
        .select()
        .from(referencias)
        .where(inArray(referencias.solicitanteId, sIds))
        .orderBy(asc(referencias.createdAt), asc(referencias.id)),
    () =>
      db
        .select()
        .from(observaciones)
        .where(inArray(observaciones.solicitudId, solIds))
        .orderBy(desc(observaciones.fechaCreacion)),
    () =>
      db
        .select({
          id: documentos.id,
          solicitanteId: documentos.solicitanteId,
          nombre: documentos.nombre,
          mime: documentos.mime,
          fileSize: documentos.fileSize,
          createdAt: documentos.createdAt,
        })
        .from(documentos)
        .where(and(inArray(documentos.solicitanteId, sIds), isNull(documentos.deletedAt), viewer ? documentosServidos(viewer, documentos.solicitudId) : undefined))
        .orderBy(asc(documentos.createdAt)),
  );
  const solById = new Map(sols.map((s) => [s.id, s]));
  const ubiBy = groupBy(ubis, (u) => u.solicitanteId);
  const actBy = groupBy(acts, (a) => a.solicitanteId);
  const finBy = groupBy(fins, (f) => f.solicitanteId);
  const refBy = groupBy(refs, (r) => r.solicitanteId);
  const obsBy = groupBy(obs, (o) => o.solicitudId);
  const docBy = groupBy(docs, (d) => d.solicitanteId);

  return rows.map((r) => {
    const s = solById.get(r.solicitanteId)!;
    const u = ubiBy.get(s.id)?.[0];
    const a = actBy.get(s.id)?.[0];
    const f = finBy.get(s.id)?.[0];
    return {
      id: r.id,
      solicitante: solicitanteRecord(s),
      ubicacion: u
        ? {
            id: u.id,
            ciudad_residencia: u.ciudadResidencia,
            departamento_residencia: u.departamentoResidencia,
            barrio: u.barrio,
            estrato: u.estrato,
            detalle_direccion: u.detalleDireccion as Record<string, never>,
          }
        : null,
      actividad_economica: a
        ? {
            id: a.id,
            tipo_actividad: a.tipoActividad,
            sector_economico: a.sectorEconomico,
            cargo_actual: a.cargoActual,
            tipo_contrato: a.tipoContrato,
            detalle_actividad: a.detalleActividad as Record<string, never>,
          }
        : null,
      informacion_financiera: f
        ? {
            id: f.id,
            total_ingresos_mensuales: f.totalIngresosMensuales,
            total_egresos_mensuales: f.totalEgresosMensuales,
            total_activos: f.totalActivos,
            total_pasivos: f.totalPasivos,
            detalle_financiera: f.detalleFinanciera as Record<string, never>,
          }
        : null,
      solicitud: {
        id: r.id,
        estado: r.estado,
        banco_nombre: r.bancoNombre,
        ciudad_solicitud: r.ciudadSolicitud,
        tipo_credito: r.tipoCredito,
        detalle_credito: r.detalleCredito as Record<string, never>,
        preferencias_notificacion: r.preferenciasNotificacion,
        radicado: r.radicado,
        created_by_user_id: r.createdByUserId,
        assigned_to_user_id: r.assignedToUserId,
        created_at: r.createdAt,
        updated_at: r.updatedAt,
      },
      referencias: (refBy.get(s.id) ?? []).map((x) => ({
        id: x.id,
        tipo_referencia: x.tipoReferencia,
        detalle_referencia: x.detalleReferencia as Record<string, never>,
      })),
      observaciones: (obsBy.get(r.id) ?? []).map((o) => ({
        id: o.id,
        tipo: o.tipo,
        observacion: o.observacion,
        usuario_id: o.usuarioId,
        usuario_nombre: o.usuarioNombre,
        fecha_creacion: o.fechaCreacion,
      })),
      documentos: (docBy.get(s.id) ?? []).map((d) => ({
        id: d.id,
        nombre: d.nombre,
        mime: d.mime,
        file_size: d.fileSize,
        created_at: d.createdAt,
      })),
    };
  });
}

/** The list row of spec 01 §3 ('Customer list row'), derived from an aggregate. */
export function toListRow(rec: SolicitudRecord) {
  const s = rec.solicitante;
  const celular =
    (rec.ubicacion?.detalle_direccion?.celular as string | undefined) ??
    (s.info_extra.celular as string | undefined) ??
    (s.info_extra.telefono as string | undefined) ??
    null;
  const nombre = fullName(s);
  const dc = rec.solicitud.detalle_credito ?? {};
  return {
    solicitante: { ...s },
    ubicacion: rec.ubicacion
      ? {
          ciudad_residencia: rec.ubicacion.ciudad_residencia,
          departamento_residencia: rec.ubicacion.departamento_residencia,
          barrio: rec.ubicacion.barrio,
          estrato: rec.ubicacion.estrato,
          detalle_direccion: rec.ubicacion.detalle_direccion,
        }
      : null,
    actividad_economica: rec.actividad_economica
      ? {
          sector_economico: rec.actividad_economica.sector_economico,
          cargo_actual: rec.actividad_economica.cargo_actual,
          tipo_contrato: rec.actividad_economica.tipo_contrato,
          detalle_actividad: rec.actividad_economica.detalle_actividad,
        }
      : null,
    informacion_financiera: rec.informacion_financiera
      ? {
          total_ingresos_mensuales: rec.informacion_financiera.total_ingresos_mensuales,
          total_egresos_mensuales: rec.informacion_financiera.total_egresos_mensuales,
          total_activos: rec.informacion_financiera.total_activos,
          total_pasivos: rec.informacion_financiera.total_pasivos,
          plazo_meses: (dc.plazo_meses as number | undefined) ?? null,
          valor_inmueble: (dc.valor_inmueble as number | undefined) ?? null,
        }
      : null,
    solicitud: {
      id: rec.solicitud.id,
      estado: rec.solicitud.estado,
      banco: rec.solicitud.banco_nombre,
      detalle_credito: { ...dc, banco: rec.solicitud.banco_nombre },
      ciudad_solicitud: rec.solicitud.ciudad_solicitud,
      observacion: rec.observaciones[0]?.observacion ?? null,
      created_at: rec.solicitud.created_at,
      radicado: rec.solicitud.radicado,
    },
    estado_solicitud: rec.solicitud.estado || 'Pendiente',
    celular,
    nombre_completo: nombre,
    correo_electronico: s.correo,
    numero_celular: celular,
    banco: rec.solicitud.banco_nombre,
  };
}

/** An applicant's row as the record's `solicitante` block (spec 01 §3). */
export function solicitanteRecord(s: typeof solicitantes.$inferSelect): SolicitudRecord['solicitante'] {
  return {
    id: s.id,
    nombres: s.nombres,
    primer_apellido: s.primerApellido,
    segundo_apellido: s.segundoApellido,
    correo: s.correo,
    numero_documento: s.numeroDocumento,
    tipo_identificacion: s.tipoIdentificacion,
    fecha_nacimiento: s.fechaNacimiento,
    genero: s.genero,
    info_extra: (s.infoExtra ?? {}) as SolicitudRecord['solicitante']['info_extra'],
  };
}
