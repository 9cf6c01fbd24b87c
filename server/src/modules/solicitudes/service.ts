/**
 * Application writes, called by the REST routes and by the sync push handler alike.
 * Invariants: every function runs inside the caller's transaction; it checks permission and
 * visibility first (an application the user may not see is NOT_FOUND, never FORBIDDEN, so ids do
 * not leak); a field in `base` whose server value differs from both base and the new value is a
 * CONFLICT and nothing is written; a changed value must pass the shared plausibility rules
 * (src/domain/edit-values.ts) and a bank must be one of the company's list or the application's own
 * (bancos.ts), else VALIDATION and nothing is written; every write bumps the application's
 * `seq` and leaves an audit row.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  actividadEconomica,
  auditoria,
  estadosEmpresa,
  informacionFinanciera,
  notificaciones,
  solicitantes,
  solicitudes,
  ubicaciones,
} from '../../db/schema';
import { nextSeq, nextSeqStatement } from '../../db/change-seq';
import { AppError, forbidden } from '../../../../src/domain/errors';
import { can } from '../../../../src/domain/roles';
import { ESTADOS_DEFAULT, normalizeEstado } from '../../../../src/domain/estados';
import { mismoValorGuardado, readPath, withJsonValue, type EditableBlock } from '../../../../src/domain/solicitud';
import { mensajeCambioBanco, TITULO_CAMBIO_BANCO } from '../../../../src/domain/notificacion-textos';
import { uuidv7 } from '../../../../src/domain/ids';
import type { CambiarEstadoArgs, EditarSolicitudArgs } from '../../../../src/domain/mutations';
import type { AuthUser } from '../../plugins/auth';
import { visibleSolicitudes } from './visibility';
import { moveDependentsToSeq } from './dependents';
import { cleanChanges } from '../../../../src/domain/edit-values';
import { buildRecords } from './repository';
import { withLastChanges } from '../audit/last-change';
import { auditBy, redactChanges, type FieldChanges } from '../audit/service';
import { creationChanges } from '../notificaciones/service';
import { REPEAT_MINUTES, bankChangeData, bankChangeRecipients, queueBankChangeEmails } from '../email/outbox';
import { stagesFollowing } from '../seguimiento/etapas';
import { bancoDeEdicion } from './bancos';

export const SOLICITUD_NO_EXISTE = 'La solicitud no existe o no tienes acceso a ella.';

const visibleById = (user: AuthUser, id: string) =>
  and(eq(solicitudes.id, id), visibleSolicitudes(user), isNull(solicitudes.deletedAt));

/** Loads a live application the user may see (no lock: for reads); NOT_FOUND otherwise. */
export async function visibleSolicitud(tx: DbOrTx, user: AuthUser, id: string) {
  const [row] = await tx.select().from(solicitudes).where(visibleById(user, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', SOLICITUD_NO_EXISTE);
  return row;
}

/** Loads and row-locks an application the user may see. */
export async function lockVisibleSolicitud(tx: DbOrTx, user: AuthUser, id: string) {
  const [row] = await tx.select().from(solicitudes).where(visibleById(user, id)).for('update').limit(1);
  if (!row) throw new AppError('NOT_FOUND', SOLICITUD_NO_EXISTE);
  return row;
}

const withDefault = (estados: string[] | null | undefined): string[] =>
  estados?.length ? estados : [...ESTADOS_DEFAULT];

export async function estadosPermitidos(tx: DbOrTx, empresaId: number): Promise<string[]> {
  const [row] = await tx.select().from(estadosEmpresa).where(eq(estadosEmpresa.empresaId, empresaId));
  return withDefault(row?.estados);
}

/**
 * The status list of each company as this process last read it (the stored value, null when the
 * company has none). Only `cambiarEstado`'s one-statement path uses it, and that statement checks
 * the stored list still equals it, so a list changed by another process or request is never used.
 */
const estadosLeidos = new Map<number, string[] | null>();

const estadosDeEmpresa = (empresaId: number) =>
  sql<string[] | null>`(select ${estadosEmpresa.estados} from ${estadosEmpresa} where ${estadosEmpresa.empresaId} = ${empresaId})`;

/** `lockVisibleSolicitud` and `estadosPermitidos` in one query: a status change needs both. */
async function lockForStatusChange(tx: DbOrTx, user: AuthUser, id: string) {
  const [found] = await tx
    .select({ id: solicitudes.id, estado: solicitudes.estado, estados: estadosDeEmpresa(user.empresaId) })
    .from(solicitudes)
    .where(visibleById(user, id))
    .for('update')
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', SOLICITUD_NO_EXISTE);
  estadosLeidos.set(user.empresaId, found.estados);
  return { row: { id: found.id, estado: found.estado }, allowed: withDefault(found.estados) };
}

/**
 * Sets `estado` on the visible application `id` when its stored status is exactly `old` (and,
 * with `estados`, when the company's stored list is that one): the company's next seq, the row,
 * its tracking stages (seguimiento/etapas.ts) and its audit entry, in one statement that also
 * locks the row. False when nothing matched, and
 * then nothing was written.
 */
async function writeEstado(
  tx: DbOrTx,
  user: AuthUser,
  change: { id: string; old: string | null; estado: string },
  estados?: string[] | null,
): Promise<boolean> {
  const listIs = estados === undefined ? sql`true` : sql`${estadosDeEmpresa(user.empresaId)} is not distinct from ${estados === null ? null : JSON.stringify(estados)}::jsonb`;
  const cambios = JSON.stringify(redactChanges({ estado: { old: change.old, new: change.estado } }));
  const { rows } = (await tx.execute(sql`
    with target as (
      select ${solicitudes.id} as id from ${solicitudes}
      where ${visibleById(user, change.id)} and ${solicitudes.estado} is not distinct from ${change.old} and ${listIs}
      for update
    ), bumped as (
      ${nextSeqStatement(tx, user.empresaId, sql`exists (select 1 from target)`).getSQL()}
    ), changed as (
      update ${solicitudes} set estado = ${change.estado}, seq = (select change_seq from bumped), updated_at = now()
      where ${solicitudes.id} = (select id from target)
    )${stagesFollowing(change.estado)}
    insert into ${auditoria} (empresa_id, usuario_id, entidad, entidad_id, accion, cambios)
    select ${user.empresaId}::integer, ${user.id}::integer, 'solicitud', id, 'cambiarEstado', ${cambios}::jsonb from target
    returning entidad_id`)) as unknown as { rows: unknown[] };
  return rows.length === 1;
}

/**
 * The common push from the field, in one statement: a change with a base, where the stored
 * status is exactly the base and the company's list is the one last read. Decided with the same
 * rules as `cambiarEstado` (only the case where both would write takes this path). Null when it
 * does not apply; then nothing was written.
 */
async function cambiarEstadoDirecto(tx: DbOrTx, user: AuthUser, args: CambiarEstadoArgs) {
  const estados = estadosLeidos.get(user.empresaId);
  if (estados === undefined || args.base.estado === null) return null;
  const allowed = withDefault(estados);
  const estado = normalizeEstado(args.estado, allowed);
  const base = normalizeEstado(args.base.estado, allowed);
  // Both in the list, so each is its own normal form: a row stored as `base` is current = base.
  if (!allowed.includes(estado) || !allowed.includes(base) || base === estado) return null;
  const wrote = await writeEstado(tx, user, { id: args.solicitudId, old: base, estado }, estados);
  return wrote ? { id: args.solicitudId, estado } : null;
}

export async function cambiarEstado(tx: DbOrTx, user: AuthUser, args: CambiarEstadoArgs) {
  if (!can(user.rol, 'change_status')) throw forbidden('Tu rol no puede cambiar el estado de las solicitudes.');
  const direct = await cambiarEstadoDirecto(tx, user, args);
  if (direct) return direct;
  const { row, allowed } = await lockForStatusChange(tx, user, args.solicitudId);
  const estado = normalizeEstado(args.estado, allowed);
  if (!allowed.includes(estado)) {
    throw new AppError('VALIDATION', `El estado "${args.estado}" no está permitido para esta empresa.`, {
      fields: { estado: 'Estado no permitido' },
    });
  }
  const current = normalizeEstado(row.estado, allowed);
  if (args.base.estado !== null) {
    const base = normalizeEstado(args.base.estado, allowed);
    if (base !== current && current !== estado) {
      const fields = await withLastChanges(tx, user.empresaId, 'solicitud', row.id, { estado: { base, server: current, mine: estado } });
      throw new AppError('CONFLICT', 'Otra persona cambió el estado de esta solicitud mientras tanto.', { conflict: { fields } });
    }
  }
  if (current === estado) return { id: row.id, estado };
  // The row is locked above, so it still holds `row.estado`.
  if (!(await writeEstado(tx, user, { id: row.id, old: row.estado, estado }))) throw new Error('status change lost its locked row');
  return { id: row.id, estado };
}

const BLOCK_TABLES = {
  solicitante: solicitantes,
  ubicacion: ubicaciones,
  actividad_economica: actividadEconomica,
  informacion_financiera: informacionFinanciera,
  solicitud: solicitudes,
} as const;

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export async function editarSolicitud(tx: DbOrTx, user: AuthUser, args: EditarSolicitudArgs) {
  if (!can(user.rol, 'edit_customer')) throw forbidden('Tu rol no puede editar solicitudes.');
  const row = await lockVisibleSolicitud(tx, user, args.solicitudId);
  const [record] = await buildRecords(tx, [row], null);
  const paths = Object.keys(args.changes);
  if (paths.length === 0) throw new AppError('VALIDATION', 'No hay cambios para guardar.');
  if (paths.length > 200) throw new AppError('VALIDATION', 'Demasiados cambios en una sola edición.');

  // Kinds, sizes and the plausibility rules, judged on what the edit changes (src/domain/edit-values.ts).
  const cleaned = cleanChanges(args.changes, record);
  // The bank: one of the company's list (its spelling), or the application's own as it is.
  const bank = cleaned.get('solicitud.banco_nombre');
  if (bank && typeof bank.value === 'string') bank.value = await bancoDeEdicion(tx, user.empresaId, row.bancoNombre, bank.value);

  const conflicts: Record<string, { base: unknown; server: unknown; mine: unknown }> = {};
  for (const [path, c] of cleaned) {
    if (!(path in args.base)) continue;
    const server = readPath(record, path);
    if (!mismoValorGuardado(server, args.base[path]) && !mismoValorGuardado(server, c.value)) {
      conflicts[path] = { base: args.base[path], server: server ?? null, mine: c.value };
    }
  }
  if (Object.keys(conflicts).length) {
    const fields = await withLastChanges(tx, user.empresaId, 'solicitud', row.id, conflicts);
    throw new AppError('CONFLICT', 'Otra persona cambió estos campos mientras tanto.', { conflict: { fields } });
  }

  const changes: FieldChanges = {};
  const byBlock = new Map<EditableBlock, Array<{ column: string; key: string | null; sub: string | null; value: unknown; path: string }>>();
  for (const [path, c] of cleaned) {
    const old = readPath(record, path);
    if (mismoValorGuardado(old, c.value)) continue;
    changes[path] = { old: old ?? null, new: c.value };
    const list = byBlock.get(c.block) ?? [];
    list.push({ column: c.column, key: c.key, sub: c.sub, value: c.value, path });
    byBlock.set(c.block, list);
  }
  if (byBlock.size === 0) return { id: row.id, changed: 0 };

  for (const [block, edits] of byBlock) {
    const table = BLOCK_TABLES[block];
    const set: Record<string, unknown> = {};
    for (const e of edits) {
      if (e.key === null) {
        set[camel(e.column)] = e.value;
      } else {
        // In the order of the edit's paths, as the device's mutator applies them (src/db/mutators.ts).
        const prev = (set[camel(e.column)] as Record<string, unknown> | undefined) ??
          ((record[block] as unknown as Record<string, Record<string, unknown>> | null)?.[e.column] ?? {});
        set[camel(e.column)] = withJsonValue(prev, e.key, e.sub, e.value);
      }
    }
    if (block === 'solicitud') {
      await tx.update(solicitudes).set(set).where(eq(solicitudes.id, row.id));
    } else if (block === 'solicitante') {
      await tx.update(solicitantes).set({ ...set, updatedAt: sql`now()` }).where(eq(solicitantes.id, row.solicitanteId));
    } else {
      const existing = record[block] as { id: string } | null;
      if (existing) {
        await tx.update(table).set(set).where(eq((table as typeof ubicaciones).id, existing.id));
      } else {
        await tx.insert(table as typeof ubicaciones).values({
          id: uuidv7(),
          empresaId: user.empresaId,
          solicitanteId: row.solicitanteId,
          ...set,
        } as typeof ubicaciones.$inferInsert);
      }
    }
  }

  const bankChange = changes['solicitud.banco_nombre'];
  if (bankChange) {
    await notifyBankChange(tx, user, row, bankChange.old, bankChange.new);
    const previous = typeof bankChange.old === 'string' ? bankChange.old.trim().toLowerCase() : '';
    if (previous) {
      await tx
        .update(solicitudes)
        .set({ bancosAnteriores: sql`array_append(array_remove(${solicitudes.bancosAnteriores}, ${previous}), ${previous})` })
        .where(eq(solicitudes.id, row.id));
    }
  }

  const seq = await nextSeq(tx, user.empresaId);
  // Applicant blocks are shown in every application of the applicant: all of them are re-pulled.
  // So are they after a bank change: it changes who sees this application, and with it which of
  // its files its sisters' records list to each viewer (documentosServidos).
  const applicantLevel = bankChange !== undefined || [...byBlock.keys()].some((b) => b !== 'solicitud');
  await tx
    .update(solicitudes)
    .set({ seq, updatedAt: sql`now()` })
    .where(
      applicantLevel
        ? and(eq(solicitudes.solicitanteId, row.solicitanteId), isNull(solicitudes.deletedAt))
        : eq(solicitudes.id, row.id),
    );
  // A banco user sees by bank: the old bank's devices lose its reviews and notifications, the new one's gain them.
  if (bankChange) await moveDependentsToSeq(tx, row.id, seq);
  await auditBy(tx, user, {
    entidad: 'solicitud',
    entidadId: row.id,
    accion: 'editar',
    cambios: changes,
  });
  return { id: row.id, changed: Object.keys(changes).length };
}

/**
 * A bank change records an in-app notification and queues the bank-change e-mail for the
 * application's advisor and the company's admins and supervisors (spec 01 §4, §7). The
 * notification's message names who changed it, the radicado, the applicant and both banks
 * (src/domain/notificacion-textos.ts); datos_adicionales carry the same facts for the screens and
 * how many e-mails state this change (`correos_en_cola`, queued or updated), so the device that
 * made the change can tell its user whether anyone was notified.
 * A run of changes does not flood anyone: the e-mails coalesce (email/outbox.ts), and the
 * application's unread bank-change notice made within REPEAT_MINUTES is rewritten (message, time,
 * seq; the bank before the run kept as the previous one) instead of a new one being added.
 */
const texto = (x: unknown) => (typeof x === 'string' && x.trim() ? x.trim() : null);

async function notifyBankChange(
  tx: DbOrTx,
  user: AuthUser,
  row: typeof solicitudes.$inferSelect,
  anterior: unknown,
  nuevo: unknown,
) {
  const [recent] = await tx
    .select()
    .from(notificaciones)
    .where(
      and(
        eq(notificaciones.empresaId, user.empresaId),
        eq(notificaciones.solicitudId, row.id),
        eq(notificaciones.titulo, TITULO_CAMBIO_BANCO),
        eq(notificaciones.estado, 'pendiente'),
        isNull(notificaciones.deletedAt),
        sql`${notificaciones.createdAt} > now() - make_interval(mins => ${REPEAT_MINUTES})`,
      ),
    )
    .orderBy(desc(notificaciones.createdAt))
    .limit(1)
    .for('update');
  const datos = await bankChangeData(tx, user, row, { anterior, nuevo });
  const correos = await queueBankChangeEmails(tx, user, await bankChangeRecipients(tx, user, row), datos);
  const desde = recent && 'banco_anterior' in recent.datosAdicionales ? recent.datosAdicionales.banco_anterior : anterior;
  const mensaje = mensajeCambioBanco({
    nombre: datos.nombre_cliente,
    radicado: datos.radicado,
    anterior: texto(desde),
    nuevo: texto(nuevo),
    por: datos.modificado_por,
  });
  const datosAdicionales = { ...datos, banco_anterior: desde ?? null, correos_en_cola: correos };
  const seq = await nextSeq(tx, user.empresaId);
  if (recent) {
    await tx
      .update(notificaciones)
      .set({ mensaje, datosAdicionales, seq, createdAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(notificaciones.id, recent.id));
    await auditBy(tx, user, {
      entidad: 'notificacion',
      entidadId: recent.id,
      accion: 'editar',
      cambios: { mensaje: { old: recent.mensaje, new: mensaje } },
    });
    return;
  }
  const [created] = await tx.insert(notificaciones).values({
    id: uuidv7(),
    empresaId: user.empresaId,
    solicitudId: row.id,
    tipo: 'seguimiento_credito',
    titulo: TITULO_CAMBIO_BANCO,
    // Built from what happened: who, which application and applicant, from which bank to which.
    mensaje,
    prioridad: 'media',
    estado: 'pendiente',
    metadata: { accion_requerida: 'revisar_documentos', estado_actual: 'en_proceso' },
    datosAdicionales,
    seq,
  }).returning();
  await auditBy(tx, user, {
    entidad: 'notificacion',
    entidadId: created.id,
    accion: 'crear',
    cambios: creationChanges(created),
  });
}
