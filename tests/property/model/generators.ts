/**
 * One generator per mutation of the table in src/domain/mutations.ts, for the model test of sync
 * (tests/property/sync-devices.property.test.ts). fast-check draws an `Intent` (which row, which
 * text, whether to aim at a refusal); at run time the generator turns it into args against what
 * the device holds locally, the way a screen would. The args then go through `mutate`, i.e. the
 * mutation's own valibot schema: a draw the schema refuses is refused on the device and queues
 * nothing (the test checks that too).
 * `bad` aims at a refusal the device cannot see but the server must give: a stale base (conflict),
 * an id that does not exist, a row of another user, consents not given, a duplicate e-mail.
 * `NOT_GENERATED` lists the names no device queues by itself, each with its reason; a new name in
 * MUTATIONS without a generator or a reason fails the coverage test.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../../../src/domain/ids';
import { registroSchemas } from '../../../src/domain/campos-fijos';
import { validateRegistro } from '../../../src/domain/registro';
import { argsFromSpecBody } from '../../../server/src/modules/formulario/routes';
import { freshRecordBody } from '../../api/security-fixtures';
import type { MutationName } from '../../../src/domain/mutations';
import { can, normalizeRole, type Permission } from '../../../src/domain/roles';
import type { RadicaDB } from '../../../src/db/database';
import type { SolicitudRecord } from '../../../src/domain/solicitud';

export interface Intent {
  pick: number;
  pick2: number;
  text: string;
  bad: boolean;
}

/** Mostly valid draws; one in five aims at a refusal. Texts include blanks the schema refuses. */
export const intentArb: fc.Arbitrary<Intent> = fc.record({
  pick: fc.nat({ max: 1000 }),
  pick2: fc.nat({ max: 1000 }),
  text: fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('Llamó el titular', 'Pendiente extracto', 'Ñandú Pérez', 'Revisar cédula') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constant('   ') },
  ),
  bad: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
});

/** What a generator may read: the session's local database and who is signed in. */
export interface GenContext {
  db: RadicaDB;
  userId: number;
  correo: string;
  /** The signed-in user's role: a screen offers user management, stages and reviews by role. */
  rol: string;
  /** Ids of the advisors (asesor, user): the applications a reviewer returns are theirs. */
  advisors: number[];
}

/**
 * The screens offer some actions to some roles only: a draw for another role queues nothing,
 * unless it aims at a refusal (the server must refuse it).
 */
const offered = (ctx: GenContext, i: Intent, roles: readonly string[]) => i.bad || roles.includes(ctx.rol);
const GESTORES = ['admin', 'supervisor'];
/** The same by permission (src/domain/roles.ts `can`, what the screens check). */
const permitted = (ctx: GenContext, i: Intent, permission: Permission) => i.bad || can(normalizeRole(ctx.rol), permission);

type Gen = (ctx: GenContext, i: Intent) => Promise<unknown>;

const ESTADOS = ['Pendiente', 'En estudio', 'Aprobado', 'Negado'];
/** States of the demo company a stage may take ('En proceso' is not one: a draw aimed at a refusal uses it). */
const ETAPAS_ESTADO = ['Pendiente', 'En estudio', 'Aprobado'];
const at = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

async function solicitud(ctx: GenContext, n: number): Promise<SolicitudRecord | undefined> {
  const rows = await ctx.db.solicitudes.orderBy('id').toArray();
  return at(rows, n);
}
async function notificacion(ctx: GenContext, n: number) {
  return at(await ctx.db.notificaciones.orderBy('id').toArray(), n);
}
const sidOf = async (ctx: GenContext, i: Intent) => (i.bad && i.pick2 % 2 === 0 ? randomUUID() : (await solicitud(ctx, i.pick))?.solicitud.id);

/**
 * By name. Names not (yet) in MUTATIONS are kept but never drawn: the review loop's mutations
 * (issue 34) have their generators here before their entries land, so the coverage test stays
 * green when they do.
 */
export const GENERATORS: Record<string, Gen> = {
  'solicitud.crear': async (ctx, i) => {
    if (!permitted(ctx, i, 'create_customer')) return null;
    const ids = { solicitudId: uuidv7(), solicitanteId: uuidv7() };
    const checked = validateRegistro(registroSchemas(await ctx.db.definiciones.toArray()), argsFromSpecBody(freshRecordBody(ids)));
    if (!checked.ok) throw new Error(`fixture no válido: ${JSON.stringify(checked.fields)}`);
    return i.bad ? { ...checked.value, acepta_terminos: false } : checked.value;
  },
  'solicitud.cambiarEstado': async (ctx, i) => {
    if (!permitted(ctx, i, 'change_status')) return null;
    const s = await solicitud(ctx, i.pick);
    if (!s) return null;
    return { solicitudId: s.solicitud.id, estado: at(ESTADOS, i.pick2), base: { estado: i.bad ? 'Estado visto antes' : s.solicitud.estado } };
  },
  'solicitud.editar': async (ctx, i) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const s = await solicitud(ctx, i.pick);
    if (!s) return null;
    const seen = (s.solicitante as unknown as Record<string, unknown> | null)?.nombres ?? null;
    return { solicitudId: s.solicitud.id, changes: { 'solicitante.nombres': i.text }, base: { 'solicitante.nombres': i.bad ? 'Nombre visto antes' : seen } };
  },
  'solicitud.eliminar': async (ctx, i) => {
    if (!permitted(ctx, i, 'delete_customer')) return null;
    const solicitudId = await sidOf(ctx, i);
    return solicitudId ? { solicitudId } : null;
  },
  'referencia.agregar': async (ctx, i) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const solicitudId = await sidOf(ctx, i);
    if (!solicitudId) return null;
    return { solicitudId, referenciaId: uuidv7(), tipo_referencia: 'familiar', detalle_referencia: { nombre: i.text, celular: '3001112233' } };
  },
  'referencia.editar': async (ctx, i) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const s = await solicitud(ctx, i.pick);
    const ref = s && at(s.referencias ?? [], i.pick2);
    if (!s || (!ref && !i.bad)) return null;
    return { solicitudId: s.solicitud.id, referenciaId: i.bad || !ref ? randomUUID() : ref.id, detalle_referencia: { nombre: i.text } };
  },
  'referencia.eliminar': async (ctx, i) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const s = await solicitud(ctx, i.pick);
    const ref = s && at(s.referencias ?? [], i.pick2);
    if (!s || (!ref && !i.bad)) return null;
    return { solicitudId: s.solicitud.id, referenciaId: i.bad || !ref ? randomUUID() : ref.id };
  },
  'observacion.agregar': async (ctx, i) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const solicitudId = await sidOf(ctx, i);
    if (!solicitudId) return null;
    return { solicitudId, observacionId: uuidv7(), observacion: i.text, fecha_creacion: new Date().toISOString(), usuario_nombre: null };
  },
  'documento.eliminar': async (ctx, i) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const s = await solicitud(ctx, i.pick);
    const doc = s && at(s.documentos ?? [], i.pick2);
    if (!s || (!doc && !i.bad)) return null;
    return { solicitudId: s.solicitud.id, documentoId: i.bad || !doc ? randomUUID() : doc.id };
  },
  'usuario.crear': async (ctx, i) => {
    if (!offered(ctx, i, GESTORES)) return null;
    const tempId = randomUUID();
    const correo = i.bad ? 'asesor@demo.co' : `modelo.${tempId.slice(0, 8)}@demo.co`;
    return { tempId, nombre: i.text, cedula: '80123456', correo, rol: 'asesor', contraseña: 'clave-segura-1', info_extra: { ciudad: 'Cali' } };
  },
  'usuario.editar': async (ctx, i) => {
    const users = (await ctx.db.usuarios.orderBy('id').toArray()).filter((u) => typeof u.id === 'number');
    const u = at(users, i.pick) as { id: number; nombre?: unknown } | undefined;
    if (!u) return null;
    return { usuarioId: u.id, changes: { nombre: i.text }, base: { nombre: i.bad ? 'Nombre visto antes' : u.nombre } };
  },
  // Users this run made, and the seeded bank user no device signs in with: deleting a user a
  // device signs in with would sign that device out for good. A draw aimed at a refusal deletes
  // the signed-in user, a user that does not exist, or (a supervisor) an administrator.
  'usuario.eliminar': async (ctx, i) => {
    if (!offered(ctx, i, GESTORES)) return null;
    const users = (await ctx.db.usuarios.orderBy('id').toArray()).filter((u) => typeof u.id === 'number') as Array<{ id: number; correo?: unknown; rol?: unknown }>;
    if (i.bad) {
      const admin = users.find((u) => u.rol === 'admin' && u.id !== ctx.userId);
      const refused = [ctx.userId, 900_000 + (i.pick % 1000), ...(ctx.rol === 'supervisor' && admin ? [admin.id] : [])];
      return { usuarioId: at(refused, i.pick2)! };
    }
    const deletable = users.filter((u) => String(u.correo ?? '').startsWith('modelo.') || u.correo === BORRABLE);
    const u = at(deletable, i.pick);
    return u ? { usuarioId: u.id } : null;
  },
  'perfil.editar': async (ctx, i) => ({ usuarioId: i.bad ? ctx.userId + 1 : ctx.userId, nombre: i.text, correo: ctx.correo }),
  'notificacion.crear': async (ctx, i) => {
    const s = await solicitud(ctx, i.pick);
    return { id: uuidv7(), solicitud_id: i.bad ? randomUUID() : (s?.solicitud.id ?? null), titulo: i.text, mensaje: 'Llamar al titular', tipo: 'contactar_cliente', accion_requerida: 'contactar_cliente' };
  },
  'notificacion.editar': async (ctx, i) => {
    const n = await notificacion(ctx, i.pick);
    if (!n) return null;
    return { id: n.id, changes: { titulo: i.text }, base: { titulo: i.bad ? 'Título visto antes' : n.titulo } };
  },
  'notificacion.eliminar': async (ctx, i) => notificacionId(ctx, i),
  'notificacion.marcarLeida': async (ctx, i) => notificacionId(ctx, i),
  'notificacion.marcarCompletada': async (ctx, i) => notificacionId(ctx, i),
  'notificacion.marcarTodasLeidas': async (ctx, i) => {
    const pending = (await ctx.db.notificaciones.where('estado').equals('pendiente').toArray()).slice(i.pick % 3, (i.pick % 3) + 3);
    const ids = pending.map((p) => p.id);
    if (i.bad) ids.push(randomUUID());
    return ids.length ? { ids } : null;
  },
  'etapa.actualizar': async (ctx, i) => {
    if (!offered(ctx, i, GESTORES)) return null;
    const solicitudId = await sidOf(ctx, i);
    if (!solicitudId) return null;
    return { solicitudId, etapa: i.bad && i.pick2 % 2 ? 'etapa_inexistente' : 'banco', estado: i.bad && i.pick2 % 2 === 0 ? 'En proceso' : at(ETAPAS_ESTADO, i.pick2), comentarios: i.text };
  },

  // The review loop the way the screens offer it: a reviewer returns an application of an advisor
  // (or returns an answered review again), its advisor answers, a reviewer closes it. A `bad` draw
  // is what the server must refuse: a user of another role, an application that already has a
  // review in course, a blank answer to an untouched field, a review that does not exist.
  'revision.devolver': async (ctx, i) => {
    if (!offered(ctx, i, REVISORES)) return null;
    const held = await revisiones(ctx);
    const answered = held.filter((r) => r.estado === 'respondida');
    if (!i.bad && answered.length && i.pick2 % 3 === 0) {
      const r = at(answered, i.pick)!;
      return { revisionId: r.id, solicitudId: r.solicitud_id, mensaje: i.text, campos: CAMPOS_DEVUELTOS };
    }
    const inCourse = new Set(held.filter((r) => r.estado !== 'cerrada').map((r) => r.solicitud_id));
    const rows = (await ctx.db.solicitudes.orderBy('id').toArray()).filter((s) => ctx.advisors.includes(s.solicitud.assigned_to_user_id ?? -1));
    const free = rows.filter((s) => !inCourse.has(s.solicitud.id));
    const busy = rows.filter((s) => inCourse.has(s.solicitud.id));
    const s = i.bad && busy.length ? at(busy, i.pick) : at(free, i.pick);
    if (!s) return null;
    return { revisionId: uuidv7(), solicitudId: s.solicitud.id, mensaje: i.text, campos: CAMPOS_DEVUELTOS };
  },
  'revision.responder': async (ctx, i) => {
    const held = await revisiones(ctx);
    const mine = new Set((await ctx.db.solicitudes.toArray()).filter((s) => s.solicitud.assigned_to_user_id === ctx.userId || s.solicitud.created_by_user_id === ctx.userId).map((s) => s.solicitud.id));
    const open = held.filter((r) => r.estado === 'abierta' && mine.has(r.solicitud_id));
    const r = at(i.bad ? held.filter((x) => x.estado !== 'cerrada') : open, i.pick);
    if (!r) return null;
    const respuesta = i.bad ? '' : i.text.trim() || 'Corregido';
    return { revisionId: r.id, solicitudId: r.solicitud_id, respuestas: r.campos.map((c) => ({ campo: c.campo, respuesta })) };
  },
  'revision.cerrar': async (ctx, i) => {
    if (!offered(ctx, i, REVISORES)) return null;
    const held = (await revisiones(ctx)).filter((r) => r.estado !== 'cerrada');
    const answered = held.filter((r) => r.estado === 'respondida');
    const r = at(answered.length && i.pick2 % 4 !== 0 ? answered : held, i.pick);
    if (!r) return null;
    return { revisionId: i.bad && i.pick2 % 2 === 0 ? randomUUID() : r.id, solicitudId: r.solicitud_id };
  },
};

const REVISORES = ['admin', 'supervisor', 'manager'];
/** The seeded user no device of the model signs in with (tests/api/helpers.ts DEMO_USERS.banco). */
const BORRABLE = 'banco@demo.co';
const CAMPOS_DEVUELTOS = [{ campo: 'solicitante.nombres', comentario: 'Revisar el nombre' }];

/** The reviews the device holds (table 'revisiones'), by id. */
async function revisiones(ctx: GenContext) {
  return (await ctx.db.revisiones.toArray()).sort((a, b) => a.id.localeCompare(b.id));
}

async function notificacionId(ctx: GenContext, i: Intent) {
  if (i.bad) return { id: randomUUID() };
  const n = await notificacion(ctx, i.pick);
  return n ? { id: n.id } : null;
}

/** Names no device queues through `mutate`, each with the reason and where it is covered. */
export const NOT_GENERATED: Partial<Record<MutationName, string>> = {
  'sync.omitir': 'sent by push itself in place of a change the server failed on 5 times (src/sync/push.ts; tests/api/sync-omitir.test.ts)',
};
