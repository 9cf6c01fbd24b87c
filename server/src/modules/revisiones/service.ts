/**
 * The review loop's transitions (issue 34, src/domain/revision.ts), called by the sync push
 * (revision.devolver/responder/cerrar) and by the REST routes alike. Invariants:
 * - every function runs inside the caller's transaction and row-locks the application first; an
 *   application the user may not see, or a review of another application or company, is NOT_FOUND;
 * - devolver and cerrar: admin, supervisor and manager; responder: the application's advisor
 *   (assigned) or its creator, with edit_customer (never the read-only 'user', even as assignee);
 *   cerrar is refused to the user who answered the review;
 * - devolver of an id that is `abierta` is a no-op (a replay); of one `respondida` it reopens it
 *   (ronda + 1, the new fields); of one `cerrada` it is refused; a new review while another one of
 *   the application is not closed is refused (return that one again instead);
 * - responder of a `cerrada` review is a CONFLICT with a Spanish reason: the field edits of the
 *   same push are separate mutations and stay applied; `despues` is read from the record as it is
 *   in this transaction, so after those edits;
 * - every transition sets the review's `seq` (so devices pull it) and leaves an audit row on
 *   entity `revision` ('Historial de cambios' shows them); a return also moves the application to
 *   the company's 'Pendiente información adicional' (through cambiarEstado: its own audit row),
 *   notifies the advisor in-app and queues an e-mail to them (email/outbox.ts).
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { definiciones, notificaciones, revisiones, usuarios, type solicitudes } from '../../db/schema';
import { nextSeq } from '../../db/change-seq';
import { AppError, forbidden } from '../../../../src/domain/errors';
import { uuidv7 } from '../../../../src/domain/ids';
import { normalizeEstado } from '../../../../src/domain/estados';
import type { MutationArgs } from '../../../../src/domain/mutations';
import {
  campoRevisable,
  estadoDevolucion,
  etiquetaCampoRevision,
  mensajeDevolucion,
  TITULO_DEVOLUCION,
  valorCampo,
  type CampoRevision,
  type Revision,
} from '../../../../src/domain/revision';
import type { DefinicionEtiqueta } from '../../../../src/domain/field-definition';
import { can, type Role } from '../../../../src/domain/roles';
import type { AuthUser } from '../../plugins/auth';
import { auditBy } from '../audit/service';
import { creationChanges } from '../notificaciones/service';
import { bankChangeData, queueEmails } from '../email/outbox';
import { cambiarEstado, estadosPermitidos, lockVisibleSolicitud } from '../solicitudes/service';
import { buildRecords } from '../solicitudes/repository';
import { revisionRows, type RevisionDb } from './rows';

export const REVISION_NO_EXISTE = 'La revisión no existe o no tienes acceso a ella.';
export const REVISION_CERRADA = 'La revisión ya fue cerrada; sus cambios se conservaron.';
export const ROL_NO_RESPONDE = 'Tu rol no puede responder revisiones: es de solo consulta.';

const REVISORES: readonly Role[] = ['admin', 'supervisor', 'manager'];
export const esRevisor = (rol: Role) => REVISORES.includes(rol);

type SolicitudDb = typeof solicitudes.$inferSelect;

/**
 * The company's field definitions with their labels, so a configured field is named in the
 * e-mail and the history by the label its administrator gave it, as 'Editar Registro' names it.
 */
async function etiquetasDe(tx: DbOrTx, empresaId: number): Promise<DefinicionEtiqueta[]> {
  return tx
    .select({ entity: definiciones.entity, key: definiciones.key, description: definiciones.description, list_values: definiciones.listValues })
    .from(definiciones)
    .where(and(eq(definiciones.empresaId, empresaId), isNull(definiciones.deletedAt)));
}

async function revisionDe(tx: DbOrTx, user: AuthUser, solicitudId: string, id: string): Promise<RevisionDb | undefined> {
  const [row] = await tx
    .select()
    .from(revisiones)
    .where(and(eq(revisiones.id, id), eq(revisiones.empresaId, user.empresaId), eq(revisiones.solicitudId, solicitudId)))
    .for('update')
    .limit(1);
  return row;
}

async function wire(tx: DbOrTx, user: AuthUser, row: RevisionDb): Promise<Revision> {
  const [out] = await revisionRows(tx, user.empresaId, [row]);
  return out;
}

/** The application's advisor: the assigned one, else its creator. */
const asesorDe = (sol: SolicitudDb) => sol.assignedToUserId ?? sol.createdByUserId;

export async function devolver(tx: DbOrTx, user: AuthUser, args: MutationArgs<'revision.devolver'>): Promise<Revision> {
  if (!esRevisor(user.rol)) throw forbidden('Solo administradores, supervisores y gerentes pueden devolver una solicitud al asesor.');
  const sol = await lockVisibleSolicitud(tx, user, args.solicitudId);
  const [existente] = await tx.select().from(revisiones).where(eq(revisiones.id, args.revisionId)).for('update').limit(1);
  if (existente && (existente.empresaId !== user.empresaId || existente.solicitudId !== sol.id)) {
    throw new AppError('CONFLICT', 'Ese identificador de revisión ya está en uso.');
  }
  if (existente?.estado === 'abierta') return wire(tx, user, existente);
  if (existente?.estado === 'cerrada') throw new AppError('CONFLICT', 'La revisión ya fue cerrada; para pedir otra corrección, devuelva la solicitud de nuevo.');
  if (!existente) {
    const [otra] = await tx
      .select({ id: revisiones.id })
      .from(revisiones)
      .where(and(eq(revisiones.empresaId, user.empresaId), eq(revisiones.solicitudId, sol.id), ne(revisiones.estado, 'cerrada')))
      .limit(1);
    if (otra) throw new AppError('CONFLICT', 'Esta solicitud ya tiene una revisión en curso; ciérrela o devuélvala de nuevo desde ella.');
  }

  const campos = dedupe(args.campos);
  const invalidos = campos.filter((c) => !campoRevisable(c.campo));
  if (invalidos.length) {
    throw new AppError('VALIDATION', 'Hay campos que no se pueden señalar para corrección.', {
      fields: Object.fromEntries(invalidos.map((c) => [c.campo, 'Campo inválido'])),
    });
  }
  const [record] = await buildRecords(tx, [sol], null);
  const nuevos: CampoRevision[] = campos.map((c) => ({
    campo: c.campo,
    comentario: c.comentario,
    respuesta: null,
    antes: valorCampo(record, c.campo),
    despues: null,
  }));

  const seq = await nextSeq(tx, user.empresaId);
  let row: RevisionDb;
  if (existente) {
    [row] = await tx
      .update(revisiones)
      .set({
        estado: 'abierta',
        mensaje: args.mensaje,
        campos: nuevos as unknown as Array<Record<string, unknown>>,
        ronda: existente.ronda + 1,
        devueltaPor: user.id,
        devueltaEn: new Date().toISOString(),
        respondidaPor: null,
        respondidaEn: null,
        seq,
        updatedAt: new Date().toISOString(),
      })
      .where(eq(revisiones.id, existente.id))
      .returning();
  } else {
    [row] = await tx
      .insert(revisiones)
      .values({
        id: args.revisionId,
        empresaId: user.empresaId,
        solicitudId: sol.id,
        estado: 'abierta',
        mensaje: args.mensaje,
        campos: nuevos as unknown as Array<Record<string, unknown>>,
        devueltaPor: user.id,
        seq,
      })
      .returning();
  }
  const etiquetas = await etiquetasDe(tx, user.empresaId);
  await auditBy(tx, user, {
    entidad: 'revision',
    entidadId: row.id,
    accion: 'devolver',
    cambios: {
      solicitud_id: { old: null, new: sol.id },
      estado: { old: existente?.estado ?? null, new: 'abierta' },
      ronda: { old: existente?.ronda ?? null, new: row.ronda },
      mensaje: { old: existente?.mensaje ?? null, new: args.mensaje },
      campos: { old: null, new: nuevos.map((c) => `${etiquetaCampoRevision(c.campo, etiquetas)}: ${c.comentario}`) },
    },
  });

  const allowed = await estadosPermitidos(tx, user.empresaId);
  const estado = estadoDevolucion(allowed);
  if (estado && normalizeEstado(sol.estado, allowed) !== estado) {
    await cambiarEstado(tx, user, { solicitudId: sol.id, estado, base: { estado: null } });
  }
  await notificarAsesor(tx, user, sol, row, nuevos.length);
  return wire(tx, user, row);
}

/** One entry per field (the last comment wins), in the order first given. */
function dedupe(campos: ReadonlyArray<{ campo: string; comentario: string }>) {
  const map = new Map<string, string>();
  for (const c of campos) map.set(c.campo, c.comentario);
  return [...map].map(([campo, comentario]) => ({ campo, comentario }));
}

/** The in-app notification and the e-mail to the application's advisor about a return. */
async function notificarAsesor(tx: DbOrTx, user: AuthUser, sol: SolicitudDb, rev: RevisionDb, campos: number) {
  const datos = await bankChangeData(tx, user, sol, { anterior: null, nuevo: null });
  const etiquetas = await etiquetasDe(tx, user.empresaId);
  const asesorId = asesorDe(sol);
  const [asesor] = asesorId === null
    ? []
    : await tx.select({ correo: usuarios.correo }).from(usuarios).where(and(eq(usuarios.id, asesorId), eq(usuarios.empresaId, user.empresaId))).limit(1);
  const correo = asesor?.correo.trim().toLowerCase() ?? '';
  const email = {
    nombre_cliente: datos.nombre_cliente,
    documento_cliente: datos.documento_cliente,
    radicado: datos.radicado,
    solicitud_id: sol.id,
    revision_id: rev.id,
    devuelta_por: datos.modificado_por,
    mensaje: rev.mensaje,
    campos: (rev.campos as unknown as CampoRevision[]).map((c) => ({ campo: c.campo, etiqueta: etiquetaCampoRevision(c.campo, etiquetas), comentario: c.comentario })),
    fecha_devolucion: new Date().toISOString(),
  };
  const correos = correo && asesorId !== user.id ? await queueEmails(tx, user, 'devolucion', [correo], email) : 0;
  const [created] = await tx
    .insert(notificaciones)
    .values({
      id: uuidv7(),
      empresaId: user.empresaId,
      solicitudId: sol.id,
      usuarioId: asesorId,
      tipo: 'documentacion_pendiente',
      titulo: TITULO_DEVOLUCION,
      mensaje: mensajeDevolucion({ por: datos.modificado_por, radicado: datos.radicado, nombre: datos.nombre_cliente, campos, mensaje: rev.mensaje }),
      prioridad: 'alta',
      estado: 'pendiente',
      metadata: { accion_requerida: 'revisar_documentos', estado_actual: 'en_proceso' },
      datosAdicionales: { ...email, correos_en_cola: correos },
      seq: await nextSeq(tx, user.empresaId),
    })
    .returning();
  await auditBy(tx, user, { entidad: 'notificacion', entidadId: created.id, accion: 'crear', cambios: creationChanges(created) });
}

export async function responder(tx: DbOrTx, user: AuthUser, args: MutationArgs<'revision.responder'>): Promise<Revision> {
  // Answering is editing the application's record: the read-only role may be its assignee, but not answer.
  if (!can(user.rol, 'edit_customer')) throw forbidden(ROL_NO_RESPONDE);
  const sol = await lockVisibleSolicitud(tx, user, args.solicitudId);
  const rev = await revisionDe(tx, user, sol.id, args.revisionId);
  if (!rev) throw new AppError('NOT_FOUND', REVISION_NO_EXISTE);
  if (user.id !== sol.assignedToUserId && user.id !== sol.createdByUserId) {
    throw forbidden('Solo el asesor de la solicitud puede responder la revisión.');
  }
  if (rev.estado === 'cerrada') throw new AppError('CONFLICT', REVISION_CERRADA);
  if (rev.estado === 'respondida') return wire(tx, user, rev);

  const campos = rev.campos as unknown as CampoRevision[];
  const respuestas = new Map(args.respuestas.map((r) => [r.campo, r.respuesta]));
  const ajenos = [...respuestas.keys()].filter((c) => !campos.some((x) => x.campo === c));
  if (ajenos.length) {
    throw new AppError('VALIDATION', 'Hay respuestas para campos que la revisión no señaló.', {
      fields: Object.fromEntries(ajenos.map((c) => [c, 'Campo no señalado en la revisión'])),
    });
  }
  const [record] = await buildRecords(tx, [sol], null);
  const faltan: Record<string, string> = {};
  const respondidos = campos.map((c): CampoRevision => {
    const despues = valorCampo(record, c.campo);
    const respuesta = respuestas.get(c.campo)?.trim() ?? '';
    const cambiado = JSON.stringify(despues ?? null) !== JSON.stringify(c.antes ?? null);
    if (!respuesta && !cambiado) faltan[c.campo] = 'Corrija el campo o escriba una respuesta';
    return { ...c, respuesta: respuesta || null, despues };
  });
  if (Object.keys(faltan).length) {
    throw new AppError('VALIDATION', 'Cada campo señalado necesita una corrección o una respuesta.', { fields: faltan });
  }
  const now = new Date().toISOString();
  const [row] = await tx
    .update(revisiones)
    .set({
      estado: 'respondida',
      campos: respondidos as unknown as Array<Record<string, unknown>>,
      respondidaPor: user.id,
      respondidaEn: now,
      primeraRespuestaEn: rev.primeraRespuestaEn ?? now,
      seq: await nextSeq(tx, user.empresaId),
      updatedAt: now,
    })
    .where(eq(revisiones.id, rev.id))
    .returning();
  const etiquetas = await etiquetasDe(tx, user.empresaId);
  await auditBy(tx, user, {
    entidad: 'revision',
    entidadId: rev.id,
    accion: 'responder',
    cambios: {
      estado: { old: rev.estado, new: 'respondida' },
      respuestas: { old: null, new: respondidos.map((c) => `${etiquetaCampoRevision(c.campo, etiquetas)}: ${c.respuesta ?? 'corregido'}`) },
    },
  });
  return wire(tx, user, row);
}

export async function cerrar(tx: DbOrTx, user: AuthUser, args: MutationArgs<'revision.cerrar'>): Promise<Revision> {
  if (!esRevisor(user.rol)) throw forbidden('Solo administradores, supervisores y gerentes pueden cerrar una revisión.');
  const sol = await lockVisibleSolicitud(tx, user, args.solicitudId);
  const rev = await revisionDe(tx, user, sol.id, args.revisionId);
  if (!rev) throw new AppError('NOT_FOUND', REVISION_NO_EXISTE);
  if (rev.estado === 'cerrada') return wire(tx, user, rev);
  if (rev.respondidaPor === user.id) throw forbidden('Quien respondió la revisión no puede cerrarla.');
  const now = new Date().toISOString();
  const [row] = await tx
    .update(revisiones)
    .set({ estado: 'cerrada', cerradaPor: user.id, cerradaEn: now, seq: await nextSeq(tx, user.empresaId), updatedAt: now })
    .where(eq(revisiones.id, rev.id))
    .returning();
  await auditBy(tx, user, {
    entidad: 'revision',
    entidadId: rev.id,
    accion: 'cerrar',
    cambios: { estado: { old: rev.estado, new: 'cerrada' } },
  });
  return wire(tx, user, row);
}

/**
 * `POST /api/solicitudes/{id}/devolver`: the server picks the review. A review of the application
 * that is `respondida` is returned again; one `abierta` is a CONFLICT (the advisor has it);
 * otherwise a new review with a new UUIDv7.
 */
export async function devolverPorRuta(
  tx: DbOrTx,
  user: AuthUser,
  solicitudId: string,
  body: Pick<MutationArgs<'revision.devolver'>, 'mensaje' | 'campos'>,
): Promise<Revision> {
  if (!esRevisor(user.rol)) throw forbidden('Solo administradores, supervisores y gerentes pueden devolver una solicitud al asesor.');
  const sol = await lockVisibleSolicitud(tx, user, solicitudId);
  const [enCurso] = await tx
    .select({ id: revisiones.id, estado: revisiones.estado })
    .from(revisiones)
    .where(and(eq(revisiones.empresaId, user.empresaId), eq(revisiones.solicitudId, sol.id), ne(revisiones.estado, 'cerrada')))
    .limit(1);
  if (enCurso?.estado === 'abierta') {
    throw new AppError('CONFLICT', 'La solicitud ya está devuelta al asesor; espere su respuesta o cierre la revisión.');
  }
  return devolver(tx, user, { ...body, solicitudId: sol.id, revisionId: enCurso?.id ?? uuidv7() });
}
