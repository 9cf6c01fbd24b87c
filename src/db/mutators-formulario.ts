/**
 * Optimistic mutator of `solicitud.crear`: puts the new application into the local list at once
 * (pending, no radicado yet). Invariants: deterministic in (state, args) — the creation time comes
 * from the args, never from a clock; when the row already exists (the server's copy arrived by
 * pull, or a second tab saved the same draft) nothing is written, so one draft is one application.
 * It imports nothing from mutators.ts at run time, so mutators.ts can register it without a cycle.
 */
import { splitColumns } from '../domain/campos-fijos';
import type { CrearRegistroArgs } from '../domain/registro';
import type { Json, SolicitudRecord } from '../domain/solicitud';
import type { MutatorTx } from './mutators';

type JsonObject = Record<string, Json>;
const str = (x: unknown): string | null => (typeof x === 'string' && x.trim() ? x : null);
const num = (x: unknown): number | null => {
  const n = typeof x === 'string' && x.trim() ? Number(x) : x;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** The aggregate the server will build for these args (minus radicado and server timestamps). */
export function localRecord(args: CrearRegistroArgs): SolicitudRecord {
  const at = args.creado_en ?? '';
  const sol = splitColumns('solicitante', args.solicitante);
  const ubi = splitColumns('ubicacion', args.ubicacion);
  const act = splitColumns('actividad_economica', args.actividad_economica);
  const fin = splitColumns('informacion_financiera', args.informacion_financiera);
  const cred = splitColumns('solicitud', args.solicitud);
  return {
    id: args.solicitudId,
    solicitante: {
      id: args.solicitanteId,
      nombres: str(sol.columns.nombres) ?? '',
      primer_apellido: str(sol.columns.primer_apellido) ?? '',
      segundo_apellido: str(sol.columns.segundo_apellido),
      correo: str(sol.columns.correo),
      numero_documento: str(sol.columns.numero_documento) ?? '',
      tipo_identificacion: str(sol.columns.tipo_identificacion),
      fecha_nacimiento: str(sol.columns.fecha_nacimiento),
      genero: str(sol.columns.genero),
      info_extra: sol.json as JsonObject,
    },
    ubicacion: {
      id: args.ubicacionId,
      ciudad_residencia: str(ubi.columns.ciudad_residencia),
      departamento_residencia: str(ubi.columns.departamento_residencia),
      barrio: str(ubi.columns.barrio),
      estrato: num(ubi.columns.estrato),
      detalle_direccion: ubi.json as JsonObject,
    },
    actividad_economica: {
      id: args.actividadId,
      tipo_actividad: str(act.columns.tipo_actividad),
      sector_economico: str(act.columns.sector_economico),
      cargo_actual: str(act.columns.cargo_actual),
      tipo_contrato: str(act.columns.tipo_contrato),
      detalle_actividad: act.json as JsonObject,
    },
    informacion_financiera: {
      id: args.financieraId,
      total_ingresos_mensuales: num(fin.columns.total_ingresos_mensuales),
      total_egresos_mensuales: num(fin.columns.total_egresos_mensuales),
      total_activos: num(fin.columns.total_activos),
      total_pasivos: num(fin.columns.total_pasivos),
      detalle_financiera: fin.json as JsonObject,
    },
    solicitud: {
      id: args.solicitudId,
      estado: 'Pendiente',
      banco_nombre: str(cred.columns.banco_nombre),
      ciudad_solicitud: str(cred.columns.ciudad_solicitud),
      tipo_credito: str(cred.json.tipo_credito),
      detalle_credito: cred.json as JsonObject,
      preferencias_notificacion: { email: true, sms: false },
      radicado: null,
      created_by_user_id: null,
      assigned_to_user_id: null,
      created_at: at,
      updated_at: at,
    },
    referencias: args.referencias.map((r) => {
      const ref = splitColumns('referencia', r.datos);
      return { id: r.id, tipo_referencia: str(ref.columns.tipo_referencia), detalle_referencia: ref.json as JsonObject };
    }),
    observaciones: [],
    documentos: [],
  };
}

export async function crearSolicitudMutator(tx: MutatorTx, args: CrearRegistroArgs): Promise<void> {
  if (await tx.get('solicitudes', args.solicitudId)) return;
  await tx.put('solicitudes', localRecord(args));
}
