/**
 * Creation of a complete application (`crear-registro-completo` and the `solicitud.crear` sync
 * mutation call the same function; the legacy `POST /api/solicitantes/` and `/api/solicitudes/`,
 * registro/legacy-create-registro.ts, insert with the same helpers). Invariants:
 * - runs inside the caller's transaction and holds the company row lock from the start, so two
 *   creations of the same id (a double tap, a retried push) serialise and the second one finds the
 *   first and returns its result without writing anything (only to its creator while they may see
 *   it: anyone else, and an id of any other row, get the unknown id's NOT_FOUND);
 * - the values are validated with the shared compiler against the company's current definitions;
 *   an invalid field is a VALIDATION error with `fields` and nothing is written;
 * - the bank is one of the company's list, stored with the list's spelling, or none
 *   (solicitudes/bancos.ts `bancoDeCreacion`): it decides which banco users see the application;
 * - the application is always 'Pendiente', created by and assigned to the current user; the
 *   filing number is drawn by the server, unique per company; its `seq` comes from nextSeq so
 *   pull brings it (with the radicado) back to the device;
 * - its tracking stages are created with it, so its applicant can follow it and upload at once.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { allQueries, type DbOrTx } from '../../db/client';
import {
  actividadEconomica,
  empresas,
  informacionFinanciera,
  referencias,
  solicitantes,
  solicitudes,
  ubicaciones,
} from '../../db/schema';
import { nextSeq } from '../../db/change-seq';
import { AppError, forbidden } from '../../../../src/domain/errors';
import { can } from '../../../../src/domain/roles';
import { newRadicado } from '../../../../src/domain/ids';
import { registroSchemas, splitColumns } from '../../../../src/domain/campos-fijos';
import { validateRegistro, type CrearRegistroArgs } from '../../../../src/domain/registro';
import type { AuthUser } from '../../plugins/auth';
import { audit, type FieldChanges } from '../audit/service';
import { loadDefinitions } from './schemas';
import { visibleSolicitudes } from '../solicitudes/visibility';
import { SOLICITUD_NO_EXISTE } from '../solicitudes/service';
import { crearEtapas } from '../seguimiento/etapas';
import { bancoDeCreacion } from '../solicitudes/bancos';

export interface CrearRegistroResult {
  id: string;
  solicitante_id: string;
  solicitud_id: string;
  radicado: string;
  estado: string;
}

/** The same answer whoever holds the id: it reveals neither the row nor which company has it. */
const ID_IN_USE = SOLICITUD_NO_EXISTE;

const text = (x: unknown): string | null => (typeof x === 'string' && x.trim() ? x : null);
const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

async function uniqueRadicado(tx: DbOrTx, empresaId: number): Promise<string> {
  for (;;) {
    const radicado = newRadicado();
    const [taken] = await tx
      .select({ id: solicitudes.id })
      .from(solicitudes)
      .where(and(eq(solicitudes.empresaId, empresaId), eq(solicitudes.radicado, radicado)))
      .limit(1);
    if (!taken) return radicado;
  }
}

/** Refuses ids that already name another row (ours or another company's) or repeat within the args. */
async function checkFreshIds(tx: DbOrTx, args: CrearRegistroArgs) {
  const refIds = args.referencias.map((r) => r.id);
  const all = [args.solicitanteId, args.solicitudId, args.ubicacionId, args.actividadId, args.financieraId, ...refIds];
  if (new Set(all.map((x) => x.toLowerCase())).size !== all.length) {
    throw new AppError('VALIDATION', 'Los identificadores de la solicitud deben ser distintos.');
  }
  const hits = await allQueries(
    tx,
    () => tx.select({ id: solicitantes.id }).from(solicitantes).where(eq(solicitantes.id, args.solicitanteId)),
    () => tx.select({ id: ubicaciones.id }).from(ubicaciones).where(eq(ubicaciones.id, args.ubicacionId)),
    () => tx.select({ id: actividadEconomica.id }).from(actividadEconomica).where(eq(actividadEconomica.id, args.actividadId)),
    () => tx.select({ id: informacionFinanciera.id }).from(informacionFinanciera).where(eq(informacionFinanciera.id, args.financieraId)),
    () =>
      refIds.length
        ? tx.select({ id: referencias.id }).from(referencias).where(inArray(referencias.id, refIds))
        : Promise.resolve([]),
  );
  if (hits.some((h) => h.length > 0)) throw new AppError('NOT_FOUND', ID_IN_USE);
}

/**
 * A creation retried with an application id that exists: the first result to its creator while
 * they may see the application; anyone else gets the unknown id's answer, so an id reveals
 * nothing. Null when no row has the id. Call it after taking the company row lock.
 */
export async function retriedCreation(tx: DbOrTx, user: AuthUser, solicitudId: string): Promise<CrearRegistroResult | null> {
  const [existing] = await tx.select().from(solicitudes).where(eq(solicitudes.id, solicitudId));
  if (!existing) return null;
  const [visible] =
    existing.empresaId === user.empresaId && existing.createdByUserId === user.id
      ? await tx.select({ id: solicitudes.id }).from(solicitudes).where(and(eq(solicitudes.id, existing.id), visibleSolicitudes(user), isNull(solicitudes.deletedAt)))
      : [];
  if (!visible) throw new AppError('NOT_FOUND', ID_IN_USE);
  return {
    id: existing.solicitanteId,
    solicitante_id: existing.solicitanteId,
    solicitud_id: existing.id,
    radicado: existing.radicado,
    estado: existing.estado,
  };
}

type Split = ReturnType<typeof splitColumns>;

/** Inserts a new applicant from its validated values: its columns, the rest in info_extra. */
export async function insertSolicitante(tx: DbOrTx, empresaId: number, id: string, values: Record<string, unknown>): Promise<Split> {
  const sol = splitColumns('solicitante', values);
  await tx.insert(solicitantes).values({
    id,
    empresaId,
    nombres: text(sol.columns.nombres) ?? '',
    primerApellido: text(sol.columns.primer_apellido) ?? '',
    segundoApellido: text(sol.columns.segundo_apellido),
    correo: text(sol.columns.correo),
    numeroDocumento: text(sol.columns.numero_documento) ?? '',
    tipoIdentificacion: text(sol.columns.tipo_identificacion),
    fechaNacimiento: text(sol.columns.fecha_nacimiento),
    genero: text(sol.columns.genero),
    infoExtra: sol.json,
  });
  return sol;
}

/** How far back a device's capture time is believed (an advisor offline for weeks). */
export const CAPTURE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * When an application was captured: the time the device saved it (`creado_en`, so one filled in
 * offline three days ago is dated three days ago, in the list, its filters and the statistics),
 * never in the future, and the arrival time when there is none or it lies more than
 * CAPTURE_WINDOW_MS back (a device with a wrong clock must not bury it at the end of the list).
 */
export function capturedAt(creadoEn: string | undefined, now = Date.now()): string | undefined {
  const t = creadoEn ? Date.parse(creadoEn) : NaN;
  if (!Number.isFinite(t) || t < now - CAPTURE_WINDOW_MS) return undefined;
  return new Date(Math.min(t, now)).toISOString();
}

/**
 * Inserts a new application of an applicant from its validated values: 'Pendiente', created by
 * and assigned to the user, a fresh radicado, the company's next seq (so pull brings it) and its
 * tracking stages. `createdAt`: when it was captured (capturedAt); the database's now when absent.
 */
export async function insertSolicitud(
  tx: DbOrTx,
  user: AuthUser,
  id: string,
  solicitanteId: string,
  values: Record<string, unknown>,
  createdAt?: string,
): Promise<{ radicado: string; split: Split }> {
  const empresaId = user.empresaId;
  const cred = splitColumns('solicitud', values);
  const radicado = await uniqueRadicado(tx, empresaId);
  const seq = await nextSeq(tx, empresaId);
  await tx.insert(solicitudes).values({
    id,
    empresaId,
    solicitanteId,
    radicado,
    estado: 'Pendiente',
    bancoNombre: text(cred.columns.banco_nombre),
    ciudadSolicitud: text(cred.columns.ciudad_solicitud),
    tipoCredito: text(cred.json.tipo_credito),
    detalleCredito: cred.json,
    createdByUserId: user.id,
    assignedToUserId: user.id,
    createdByUserEmail: user.correo,
    seq,
    ...(createdAt && { createdAt }),
  });
  await crearEtapas(tx, empresaId, id);
  return { radicado, split: cred };
}

/** A new block's values as audit changes, keyed by the edits' paths (`solicitante.nombres`, …). */
export function createdValues(block: string, split: Split, jsonColumn: string): FieldChanges {
  const out: FieldChanges = {};
  const values: Array<[string, unknown]> = [
    ...Object.entries(split.columns).map(([k, val]): [string, unknown] => [`${block}.${k}`, val]),
    ...Object.entries(split.json).map(([k, val]): [string, unknown] => [`${block}.${jsonColumn}.${k}`, val]),
  ];
  for (const [path, val] of values) if (val !== null && val !== undefined && val !== '') out[path] = { old: null, new: val };
  return out;
}

export async function crearRegistroCompleto(
  tx: DbOrTx,
  user: AuthUser,
  args: CrearRegistroArgs,
): Promise<CrearRegistroResult> {
  if (!can(user.rol, 'create_customer')) throw forbidden('Tu rol no puede crear solicitudes.');
  // The company row lock serialises creations, so the existence check below sees a concurrent twin.
  await tx.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, user.empresaId)).for('update');

  const retried = await retriedCreation(tx, user, args.solicitudId);
  if (retried) return retried;
  await checkFreshIds(tx, args);

  const checked = validateRegistro(registroSchemas(await loadDefinitions(tx, user.empresaId)), args);
  if (!checked.ok) {
    const first = Object.values(checked.fields)[0];
    throw new AppError('VALIDATION', `Datos inválidos: ${first}`, { fields: checked.fields });
  }
  const data = checked.value;
  const empresaId = user.empresaId;
  // Checked before anything is inserted: a refused bank writes nothing.
  const solicitud = { ...data.solicitud, banco_nombre: await bancoDeCreacion(tx, empresaId, data.solicitud.banco_nombre, 'solicitud.banco_nombre') };

  const sol = await insertSolicitante(tx, empresaId, args.solicitanteId, data.solicitante);
  const ubi = splitColumns('ubicacion', data.ubicacion);
  await tx.insert(ubicaciones).values({
    id: args.ubicacionId,
    empresaId,
    solicitanteId: args.solicitanteId,
    ciudadResidencia: text(ubi.columns.ciudad_residencia),
    departamentoResidencia: text(ubi.columns.departamento_residencia),
    barrio: text(ubi.columns.barrio),
    estrato: num(ubi.columns.estrato),
    detalleDireccion: ubi.json,
  });
  const act = splitColumns('actividad_economica', data.actividad_economica);
  await tx.insert(actividadEconomica).values({
    id: args.actividadId,
    empresaId,
    solicitanteId: args.solicitanteId,
    tipoActividad: text(act.columns.tipo_actividad),
    sectorEconomico: text(act.columns.sector_economico),
    cargoActual: text(act.columns.cargo_actual),
    tipoContrato: text(act.columns.tipo_contrato),
    detalleActividad: act.json,
  });
  const fin = splitColumns('informacion_financiera', data.informacion_financiera);
  await tx.insert(informacionFinanciera).values({
    id: args.financieraId,
    empresaId,
    solicitanteId: args.solicitanteId,
    totalIngresosMensuales: num(fin.columns.total_ingresos_mensuales),
    totalEgresosMensuales: num(fin.columns.total_egresos_mensuales),
    totalActivos: num(fin.columns.total_activos),
    totalPasivos: num(fin.columns.total_pasivos),
    detalleFinanciera: fin.json,
  });
  if (data.referencias.length > 0) {
    await tx.insert(referencias).values(
      data.referencias.map((r) => {
        const ref = splitColumns('referencia', r.datos);
        return {
          id: r.id,
          empresaId,
          solicitanteId: args.solicitanteId,
          tipoReferencia: text(ref.columns.tipo_referencia),
          detalleReferencia: ref.json,
        };
      }),
    );
  }
  const { radicado, split: cred } = await insertSolicitud(tx, user, args.solicitudId, args.solicitanteId, solicitud, capturedAt(args.creado_en));
  // The new record's values, keyed by the same paths as the edits (`solicitante.nombres`, …).
  const cambios: FieldChanges = {
    'solicitud.estado': { old: null, new: 'Pendiente' },
    'solicitud.radicado': { old: null, new: radicado },
  };
  const blocks = [
    ['solicitante', sol, 'info_extra'],
    ['ubicacion', ubi, 'detalle_direccion'],
    ['actividad_economica', act, 'detalle_actividad'],
    ['informacion_financiera', fin, 'detalle_financiera'],
    ['solicitud', cred, 'detalle_credito'],
  ] as const;
  for (const [block, split, jsonColumn] of blocks) Object.assign(cambios, createdValues(block, split, jsonColumn));
  await audit(tx, {
    empresaId,
    usuarioId: user.id,
    entidad: 'solicitud',
    entidadId: args.solicitudId,
    accion: 'crear',
    cambios,
  });
  for (const r of data.referencias) {
    const ref = splitColumns('referencia', r.datos);
    await audit(tx, {
      empresaId,
      usuarioId: user.id,
      entidad: 'referencia',
      entidadId: r.id,
      accion: 'agregar',
      cambios: {
        solicitante_id: { old: null, new: args.solicitanteId },
        tipo_referencia: { old: null, new: text(ref.columns.tipo_referencia) },
        detalle_referencia: { old: null, new: ref.json },
      },
    });
  }
  return {
    id: args.solicitanteId,
    solicitante_id: args.solicitanteId,
    solicitud_id: args.solicitudId,
    radicado,
    estado: 'Pendiente',
  };
}
