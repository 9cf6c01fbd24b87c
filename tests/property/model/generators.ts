/**
 * One generator per mutation of the table in src/domain/mutations.ts, for the model test of sync
 * (tests/property/sync-devices.property.test.ts). The step's arbitrary draws the mutation's args
 * from its own valibot schema (model/schema-arb.ts: `ARGS_ARB`) together with an `Intent` (which
 * row, whether to aim at a refusal); at run time the generator keeps the drawn free fields (texts,
 * numbers, options, nested objects such as detalle_referencia, info_extra, a notification's or a
 * user's changes) and overrides only what must point at the device's real state, the way a screen
 * would: ids of local rows, `base` values read from the local row, the signed-in user's id, unique
 * e-mails, and choices a screen offers from the company's configuration (statuses, stages, banks,
 * the flagged field of a review). Everything is drawn inside fast-check, so a run replays from its
 * seed and shrinks. The args then go through `mutate`, i.e. the same schema: a draw the schema
 * refuses (a blank text, or an entry broken on purpose by the step, `BREAK_ARB`) is refused on
 * the device and queues nothing (the test checks that too).
 * `bad` aims at a refusal the device cannot see but the server must give: a stale base (conflict),
 * an id that does not exist (a drawn UUID), a row of another user, consents not given, a duplicate
 * e-mail, a status or stage outside the company's lists (the drawn text).
 * Where the mutation's schema leaves a value `unknown` (a new application's blocks, the values of
 * `solicitud.editar`'s changes), the company's field definitions type it (ctx.db.definiciones,
 * compiled at run time, not introspectable): the step also draws raw material for its fields
 * (model/fields-arb.ts `FormDraw`, under the args' key `FORM`), and the generator plays the screen:
 * a new application's sections (and 0–3 references) get a value for every field the creation form
 * shows, from its definition (options offered, plausibility rules, types, optional ones left empty
 * now and then; the spec's fallback fields on a device that has not pulled yet), judged by the
 * form's `validateRegistro`; an edit changes one to three of the fields 'Editar Registro' shows for
 * the record (any section, the credit kind's fields included; a field a condition shows once its
 * trigger changed), each to a value drawn from its definition, and the screen's own code
 * (record-changes.ts `recordEdit`) judges them and makes the changes and bases. In one draw of
 * ten a shown field is broken on purpose (a value its definition refuses): the screen must refuse
 * it, so the device queues nothing (the generator throws the screen's VALIDATION error, and a
 * broken field the screen accepts fails the run).
 * The demo users the devices sign in with (the model's cast) are never edited in their e-mail,
 * password or role, so a run cannot sign its own devices out.
 * `NOT_GENERATED` lists the names no device queues by itself, each with its reason; a new name in
 * MUTATIONS without a generator or a reason fails the coverage test.
 */
import fc from 'fast-check';
import { uuidv7 } from '../../../src/domain/ids';
import { FALLBACK_FIELDS, registroSchemas } from '../../../src/domain/campos-fijos';
import { SINGLE_ENTITIES, validateRegistro } from '../../../src/domain/registro';
import { EDIT_ENTITIES } from '../../../src/domain/campos-registro';
import { creditKind } from '../../../src/domain/credito';
import { AppError } from '../../../src/domain/errors';
import { companyLists } from '../../../src/domain/opciones';
import { visibleFields } from '../../../src/domain/schema-compiler';
import { shownFields, toArgs, type FormState } from '../../../src/features/formulario/form-state';
import { recordEdit, sameFormValue } from '../../../src/features/registro/record-changes';
import { creditValues, recordFields, toEditValues, type EditValues } from '../../../src/features/registro/record-values';
import { MUTATIONS, type MutationName } from '../../../src/domain/mutations';
import { can, normalizeRole, type Permission } from '../../../src/domain/roles';
import { ETAPAS } from '../../../src/domain/seguimiento';
import { valorCampo as valorNotificacion, type CampoEditable } from '../../../src/domain/notificacion';
import { bancosDeEmpresa } from '../../../src/domain/usuario';
import { getMeta, type RadicaDB } from '../../../src/db/database';
import type { SolicitudRecord } from '../../../src/domain/solicitud';
import type { FieldDefinition } from '../../../src/domain/field-definition';
import type { EditEntity } from '../../../src/domain/campos-registro';
import { breakArb, schemaArb } from './schema-arb';
import { formDrawArb, invalidValues, sectionValues, validValue, type FormDraw } from './fields-arb';

export interface Intent {
  pick: number;
  pick2: number;
  bad: boolean;
}

/** Mostly valid draws; one in five aims at a refusal. */
export const intentArb: fc.Arbitrary<Intent> = fc.record({
  pick: fc.nat({ max: 1000 }),
  pick2: fc.nat({ max: 1000 }),
  bad: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
});

/** The args drawn from a mutation's schema (an object: every mutation's schema is one). */
export type Drawn = Record<string, unknown>;

/** The key of the drawn args under which a form's raw material travels (never sent: the generators build the args). */
export const FORM = '~formulario';
/** Mutations whose values the company's field definitions type, and how many field slots each draws. */
const FORM_SLOTS: Partial<Record<MutationName, number>> = { 'solicitud.crear': 24, 'solicitud.editar': 3 };
/** Each mutation's args arbitrary, from its own schema (plus its form's raw material, FORM_SLOTS). */
export const ARGS_ARB = Object.fromEntries(
  Object.entries(MUTATIONS).map(([name, def]) => {
    const args = schemaArb(def.args) as fc.Arbitrary<Drawn>;
    const slots = FORM_SLOTS[name as MutationName];
    return [name, slots ? fc.tuple(args, formDrawArb(slots)).map(([a, form]) => ({ ...a, [FORM]: form })) : args];
  }),
) as Record<MutationName, fc.Arbitrary<Drawn>>;
/** Each mutation's one-entry break (`{ key, value }` its schema refuses), laid over the generator's args. */
export const BREAK_ARB = Object.fromEntries(Object.entries(MUTATIONS).flatMap(([name, def]) => {
  const b = breakArb(def.args);
  return b ? [[name, b]] : [];
})) as Partial<Record<MutationName, fc.Arbitrary<{ key: string; value: unknown }>>>;

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

type Gen = (ctx: GenContext, i: Intent, d: Drawn) => Promise<unknown>;

/** The demo company's statuses the status select offers (a drawn text is outside them, now and then). */
const ESTADOS = ['Pendiente', 'En estudio', 'Aprobado', 'Negado'];
/** States of the demo company a stage may take. */
const ETAPAS_ESTADO = ['Pendiente', 'En estudio', 'Aprobado'];
const at = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
const firstValue = (o: unknown) => (o && typeof o === 'object' ? Object.values(o)[0] : undefined);

/**
 * The company's form configuration as the device mirrors it: field definitions and lists (cities,
 * banks). Before its first pull a device's form has no mirror and, offline, uses the spec's fallback
 * fields (src/features/formulario/use-form-schemas.ts); the server judges by the company's.
 */
async function formConfig(ctx: GenContext) {
  const mirrored = ((await getMeta(ctx.db, 'cursor')) ?? 0) > 0;
  const schemas = mirrored ? registroSchemas(await ctx.db.definiciones.toArray()) : FALLBACK_FIELDS;
  const lists = companyLists((await ctx.db.categorias.toArray()) as unknown as Array<Record<string, unknown>>);
  return { schemas, lists };
}

/** What a form does with values it refuses: shows the messages and saves nothing (nothing is queued). */
function refusedByScreen(fields: Record<string, string>) {
  return new AppError('VALIDATION', `Formulario: ${Object.values(fields)[0]}`, { fields });
}

async function solicitud(ctx: GenContext, n: number): Promise<SolicitudRecord | undefined> {
  const rows = await ctx.db.solicitudes.orderBy('id').toArray();
  return at(rows, n);
}
async function notificacion(ctx: GenContext, n: number) {
  return at(await ctx.db.notificaciones.orderBy('id').toArray(), n);
}
/** A local application's id, or (aimed at a refusal) the drawn id, which no row has. */
const sidOf = async (ctx: GenContext, i: Intent, d: Drawn) => (i.bad && i.pick2 % 2 === 0 ? (d.solicitudId as string) : (await solicitud(ctx, i.pick))?.solicitud.id);

/** A drawn info_extra with its bank, if any, from the company's list (the form offers only the list), unless aimed at a refusal. */
async function infoExtra(ctx: GenContext, i: Intent, drawn: unknown): Promise<unknown> {
  if (!drawn || typeof drawn !== 'object' || i.bad || !('banco_nombre' in drawn)) return drawn;
  const bancos = bancosDeEmpresa((await ctx.db.categorias.toArray()) as unknown as Array<{ categoria: string; activo?: boolean | null; configuracion: unknown }>);
  return { ...drawn, banco_nombre: at(bancos, i.pick2) };
}

/**
 * By name. Names not (yet) in MUTATIONS are kept but never drawn: the review loop's mutations
 * (issue 34) have their generators here before their entries land, so the coverage test stays
 * green when they do.
 */
export const GENERATORS: Record<string, Gen> = {
  'solicitud.crear': async (ctx, i, d) => {
    if (!permitted(ctx, i, 'create_customer')) return null;
    const form = d[FORM] as FormDraw;
    const { schemas, lists } = await formConfig(ctx);
    let n = 0;
    const next = () => form.slots[n++ % form.slots.length];
    const values = Object.fromEntries(SINGLE_ENTITIES.map((e) => [e, sectionValues(shownFields(e, schemas), next, lists)])) as FormState['values'];
    const state: FormState = {
      ids: { solicitudId: uuidv7(), solicitanteId: uuidv7(), ubicacionId: uuidv7(), actividadId: uuidv7(), financieraId: uuidv7() },
      values,
      referencias: Array.from({ length: form.references }, () => ({ id: uuidv7(), datos: sectionValues(schemas.referencia, next, lists) })),
      files: [],
      acepta_terminos: true,
      acepta_firma: true,
    };
    if (form.broken !== null) {
      // One shown field of a section set to a value its definition refuses.
      const targets = SINGLE_ENTITIES.flatMap((e) => visibleFields(shownFields(e, schemas), values[e]).map((f) => ({ section: values[e], f, bad: invalidValues(f) })));
      const t = at(targets.filter((x) => x.bad.length), form.broken);
      if (t) t.section[t.f.key] = at(t.bad, form.which);
    }
    const checked = validateRegistro(schemas, toArgs(state, typeof d.creado_en === 'string' ? d.creado_en : ''));
    if (!checked.ok) throw refusedByScreen(checked.fields);
    if (form.broken !== null) throw new Error(`solicitud.crear: a field broken on purpose passed the creation form: ${JSON.stringify(state.values).slice(0, 2000)}`);
    // The form asks for both consents; a draw aimed at a refusal keeps the drawn ones, one of them not given.
    const consents = i.bad ? { acepta_terminos: d.acepta_terminos, acepta_firma: d.acepta_terminos ? false : d.acepta_firma } : { acepta_terminos: true, acepta_firma: true };
    return { ...checked.value, creado_en: d.creado_en, ...consents };
  },
  'solicitud.cambiarEstado': async (ctx, i, d) => {
    if (!permitted(ctx, i, 'change_status')) return null;
    const s = await solicitud(ctx, i.pick);
    if (!s) return null;
    const base = d.base as { estado: string | null };
    const estado = i.pick2 % 5 === 0 ? d.estado : at(ESTADOS, i.pick2);
    return { solicitudId: s.solicitud.id, estado, base: { estado: i.bad ? base.estado : s.solicitud.estado } };
  },
  'solicitud.editar': async (ctx, i, d) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const s = await solicitud(ctx, i.pick);
    if (!s) return null;
    const form = d[FORM] as FormDraw;
    const { schemas, lists } = await formConfig(ctx);
    // The fields 'Editar Registro' shows for this record: every section's, and the credit kind's.
    const fields = recordFields(s, schemas);
    const initial = toEditValues(s, fields);
    const values = structuredClone(initial);
    const section = (g: string) => values[g as 'solicitante'];
    // What the screen shows now: a field hidden by a condition appears once its trigger changes.
    const shown = () => {
      const groups: Array<[keyof EditValues & string, FieldDefinition[]]> = [...EDIT_ENTITIES.map((e): [EditEntity, FieldDefinition[]] => [e, fields.entities[e]]), ['credito', fields.credito[creditKind(String(values.solicitud.tipo_credito ?? ''))]]];
      return groups.flatMap(([g, fs]) => visibleFields(fs, section(g)).map((f) => ({ g, f })));
    };
    // One to three fields changed to values drawn from their definitions, one after the other.
    for (let k = 0; k < 1 + form.extra; k++) {
      const t = at(shown(), form.which + 7919 * k);
      if (!t) return null;
      const value = validValue(t.f, at(form.slots, k)!, { ...lists, values: section(t.g) });
      section(t.g)[t.f.key] = value ?? (t.f.type === 'boolean' ? false : '');
      // Another credit type shows its kind's fields, with what the record holds for that kind.
      if (t.g === 'solicitud' && t.f.key === 'tipo_credito') values.credito = creditValues(s, creditKind(typeof value === 'string' ? value : null), fields);
    }
    const broken = form.broken !== null;
    if (broken) {
      // Then one shown field set to a value its definition refuses, other than the one it holds
      // (an unchanged field is not judged).
      const targets = shown().map((t) => ({ ...t, bad: invalidValues(t.f).filter((x) => !sameFormValue(x, section(t.g)[t.f.key])) })).filter((t) => t.bad.length);
      const t = at(targets, form.broken!);
      if (!t) return null;
      section(t.g)[t.f.key] = at(t.bad, form.which);
    }
    const outcome = recordEdit(s, fields, values, initial);
    if (!outcome.ok) throw refusedByScreen(outcome.fields);
    if (broken) throw new Error(`solicitud.editar: a field broken on purpose passed 'Editar Registro': ${JSON.stringify(values).slice(0, 2000)}`);
    const { changes, base } = outcome.edit;
    if (!Object.keys(changes).length) return null;
    // Aimed at a refusal: the values seen before are stale (another person changed them meanwhile).
    const stale = firstValue(d.base) ?? 'Valor visto antes';
    return { solicitudId: s.solicitud.id, changes, base: i.bad ? Object.fromEntries(Object.keys(base).map((k) => [k, stale])) : base };
  },
  'solicitud.eliminar': async (ctx, i, d) => {
    if (!permitted(ctx, i, 'delete_customer')) return null;
    const solicitudId = await sidOf(ctx, i, d);
    return solicitudId ? { solicitudId } : null;
  },
  'referencia.agregar': async (ctx, i, d) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const solicitudId = await sidOf(ctx, i, d);
    if (!solicitudId) return null;
    return { ...d, solicitudId, referenciaId: uuidv7() };
  },
  'referencia.editar': async (ctx, i, d) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const s = await solicitud(ctx, i.pick);
    const ref = s && at(s.referencias ?? [], i.pick2);
    if (!s || (!ref && !i.bad)) return null;
    // With base when the draw has one (as 'Editar Registro' sends it: the device's values of the
    // changed fields, so another device's edit or deletion meanwhile is a conflict), without it as
    // a change queued by an older version.
    const { base: drawnBase, ...rest } = d;
    const seen: Record<string, unknown> = ref?.detalle_referencia ?? {};
    const detalle = rest.detalle_referencia as Record<string, unknown> | undefined;
    const base = {
      ...(rest.tipo_referencia !== undefined ? { tipo_referencia: ref?.tipo_referencia ?? null } : {}),
      ...(detalle ? { detalle_referencia: Object.fromEntries(Object.keys(detalle).map((k) => [k, seen[k] ?? null])) } : {}),
    };
    return { ...rest, ...(drawnBase !== undefined ? { base } : {}), solicitudId: s.solicitud.id, referenciaId: i.bad || !ref ? d.referenciaId : ref.id };
  },
  'referencia.eliminar': async (ctx, i, d) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const s = await solicitud(ctx, i.pick);
    const ref = s && at(s.referencias ?? [], i.pick2);
    if (!s || (!ref && !i.bad)) return null;
    // The reference as the device shows it (a newer edit on the server is a conflict), or no base as an older version sent it.
    const base = d.base !== undefined ? { base: { tipo_referencia: ref?.tipo_referencia ?? null, detalle_referencia: { ...(ref?.detalle_referencia ?? {}) } } } : {};
    return { solicitudId: s.solicitud.id, referenciaId: i.bad || !ref ? d.referenciaId : ref.id, ...base };
  },
  'observacion.agregar': async (ctx, i, d) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const solicitudId = await sidOf(ctx, i, d);
    if (!solicitudId) return null;
    return { ...d, solicitudId, observacionId: uuidv7() };
  },
  'documento.eliminar': async (ctx, i, d) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const s = await solicitud(ctx, i.pick);
    const doc = s && at(s.documentos ?? [], i.pick2);
    if (!s || (!doc && !i.bad)) return null;
    return { solicitudId: s.solicitud.id, documentoId: i.bad || !doc ? d.documentoId : doc.id };
  },
  'usuario.crear': async (ctx, i, d) => {
    if (!offered(ctx, i, GESTORES)) return null;
    const tempId = uuidv7();
    // A unique e-mail (the drawn one could be taken by an earlier draw); aimed at a refusal, a taken one.
    const correo = i.bad ? 'asesor@demo.co' : `modelo.${tempId.slice(-12)}@demo.co`;
    return { ...d, tempId, correo, info_extra: await infoExtra(ctx, i, d.info_extra) };
  },
  'usuario.editar': async (ctx, i, d) => {
    const users = (await ctx.db.usuarios.orderBy('id').toArray()).filter((u) => typeof u.id === 'number') as unknown as Array<Record<string, unknown> & { id: number }>;
    const u = at(users, i.pick);
    if (!u) return null;
    const changes = { ...(d.changes as Record<string, unknown>) };
    if (!String(u.correo ?? '').startsWith('modelo.') && u.correo !== BORRABLE) {
      // A user the devices sign in with keeps the e-mail, password and role they sign in with.
      delete changes.correo;
      delete changes.contraseña;
      delete changes.rol;
    } else if (changes.correo !== undefined) {
      changes.correo = `modelo.${uuidv7().slice(-12)}@demo.co`;
    }
    if (changes.info_extra !== undefined) changes.info_extra = await infoExtra(ctx, i, changes.info_extra);
    const fields = Object.keys(changes).filter((k) => k !== 'contraseña');
    const stale = (d.base ?? {}) as Record<string, unknown>;
    const base = Object.fromEntries(fields.map((k) => [k, i.bad ? (stale[k] ?? 'Valor visto antes') : (u[k] ?? null)]));
    return { usuarioId: u.id, changes, base };
  },
  // Users this run made, and the seeded bank user no device signs in with: deleting a user a
  // device signs in with would sign that device out for good. A draw aimed at a refusal deletes
  // the signed-in user, a user that does not exist (the drawn id), or (a supervisor) an administrator.
  'usuario.eliminar': async (ctx, i, d) => {
    if (!offered(ctx, i, GESTORES)) return null;
    const users = (await ctx.db.usuarios.orderBy('id').toArray()).filter((u) => typeof u.id === 'number') as Array<{ id: number; correo?: unknown; rol?: unknown }>;
    if (i.bad) {
      const admin = users.find((u) => u.rol === 'admin' && u.id !== ctx.userId);
      const unknown = users.some((u) => u.id === d.usuarioId) ? 900_000 + (i.pick % 1000) : (d.usuarioId as number);
      const refused = [ctx.userId, unknown, ...(ctx.rol === 'supervisor' && admin ? [admin.id] : [])];
      return { usuarioId: at(refused, i.pick2)! };
    }
    const deletable = users.filter((u) => String(u.correo ?? '').startsWith('modelo.') || u.correo === BORRABLE);
    const u = at(deletable, i.pick);
    return u ? { usuarioId: u.id } : null;
  },
  'perfil.editar': async (ctx, i, d) => ({ usuarioId: i.bad ? ctx.userId + 1 : ctx.userId, nombre: d.nombre, correo: ctx.correo }),
  'notificacion.crear': async (ctx, i, d) => {
    const s = await solicitud(ctx, i.pick);
    return { ...d, id: uuidv7(), solicitud_id: i.bad ? d.id : (s?.solicitud.id ?? null) };
  },
  'notificacion.editar': async (ctx, i, d) => {
    const n = await notificacion(ctx, i.pick);
    if (!n) return null;
    const changes = d.changes as Record<string, unknown>;
    const stale = d.base as Record<string, unknown>;
    const base = Object.fromEntries(Object.keys(changes).map((k) => [k, i.bad ? (stale[k] ?? 'Valor visto antes') : valorNotificacion(n, k as CampoEditable)]));
    return { id: n.id, changes, base };
  },
  'notificacion.eliminar': async (ctx, i, d) => notificacionId(ctx, i, d),
  // Marking is offered with edit_customer only (the read-only role's bell has no buttons).
  'notificacion.marcarLeida': async (ctx, i, d) => (permitted(ctx, i, 'edit_customer') ? notificacionId(ctx, i, d) : null),
  'notificacion.marcarCompletada': async (ctx, i, d) => (permitted(ctx, i, 'edit_customer') ? notificacionId(ctx, i, d) : null),
  'notificacion.marcarTodasLeidas': async (ctx, i, d) => {
    if (!permitted(ctx, i, 'edit_customer')) return null;
    const pending = (await ctx.db.notificaciones.where('estado').equals('pendiente').toArray()).slice(i.pick % 3, (i.pick % 3) + 3);
    const ids = pending.map((p) => p.id);
    // Aimed at a refusal: the drawn ids (no row has them), or one made up when none was drawn.
    if (i.bad) ids.push(...((d.ids as string[]).length ? (d.ids as string[]) : [`00000000-0000-4000-8000-${String(i.pick).padStart(12, '0')}`]));
    return ids.length ? { ids } : null;
  },
  'etapa.actualizar': async (ctx, i, d) => {
    if (!offered(ctx, i, GESTORES)) return null;
    const solicitudId = await sidOf(ctx, i, d);
    if (!solicitudId) return null;
    // The stage and its status are chosen from the company's lists; aimed at a refusal, one is the drawn text.
    const etapa = i.bad && i.pick2 % 2 ? d.etapa : at(ETAPAS, i.pick);
    const estado = i.bad && i.pick2 % 2 === 0 ? d.estado : at(ETAPAS_ESTADO, i.pick2);
    return { solicitudId, etapa, estado, comentarios: d.comentarios };
  },

  // The review loop the way the screens offer it: a reviewer returns an application of an advisor
  // (or returns an answered review again), its advisor answers, a reviewer closes it. A `bad` draw
  // is what the server must refuse: a user of another role, an application that already has a
  // review in course, a blank answer to an untouched field, a review that does not exist.
  'revision.devolver': async (ctx, i, d) => {
    if (!offered(ctx, i, REVISORES)) return null;
    const held = await revisiones(ctx);
    const answered = held.filter((r) => r.estado === 'respondida');
    // The flagged field is one the form shows; the reviewer's texts are drawn.
    const campos = [{ campo: CAMPO_DEVUELTO, comentario: (d.campos as Array<{ comentario: unknown }>)[0].comentario }];
    if (!i.bad && answered.length && i.pick2 % 3 === 0) {
      const r = at(answered, i.pick)!;
      return { revisionId: r.id, solicitudId: r.solicitud_id, mensaje: d.mensaje, campos };
    }
    const inCourse = new Set(held.filter((r) => r.estado !== 'cerrada').map((r) => r.solicitud_id));
    const rows = (await ctx.db.solicitudes.orderBy('id').toArray()).filter((s) => ctx.advisors.includes(s.solicitud.assigned_to_user_id ?? -1));
    const free = rows.filter((s) => !inCourse.has(s.solicitud.id));
    const busy = rows.filter((s) => inCourse.has(s.solicitud.id));
    const s = i.bad && busy.length ? at(busy, i.pick) : at(free, i.pick);
    if (!s) return null;
    return { revisionId: uuidv7(), solicitudId: s.solicitud.id, mensaje: d.mensaje, campos };
  },
  'revision.responder': async (ctx, i, d) => {
    const held = await revisiones(ctx);
    const mine = new Set((await ctx.db.solicitudes.toArray()).filter((s) => s.solicitud.assigned_to_user_id === ctx.userId || s.solicitud.created_by_user_id === ctx.userId).map((s) => s.solicitud.id));
    const open = held.filter((r) => r.estado === 'abierta' && mine.has(r.solicitud_id));
    const r = at(i.bad ? held.filter((x) => x.estado !== 'cerrada') : open, i.pick);
    if (!r) return null;
    // One answer per flagged field, its text drawn; a blank one (nothing was edited) is the refusal.
    const drawn = (d.respuestas as Array<{ respuesta: string }>).map((x) => x.respuesta);
    const respuesta = (n: number) => (i.bad ? '' : at(drawn, n)!.trim() || 'Corregido');
    return { revisionId: r.id, solicitudId: r.solicitud_id, respuestas: r.campos.map((c, n) => ({ campo: c.campo, respuesta: respuesta(n) })) };
  },
  'revision.cerrar': async (ctx, i, d) => {
    if (!offered(ctx, i, REVISORES)) return null;
    const held = (await revisiones(ctx)).filter((r) => r.estado !== 'cerrada');
    const answered = held.filter((r) => r.estado === 'respondida');
    const r = at(answered.length && i.pick2 % 4 !== 0 ? answered : held, i.pick);
    if (!r) return null;
    return { revisionId: i.bad && i.pick2 % 2 === 0 ? d.revisionId : r.id, solicitudId: r.solicitud_id };
  },
};

const REVISORES = ['admin', 'supervisor', 'manager'];
/** The seeded user no device of the model signs in with (tests/api/helpers.ts DEMO_USERS.banco). */
const BORRABLE = 'banco@demo.co';
/** The field a reviewer flags (a path of the complete record the form offers). */
const CAMPO_DEVUELTO = 'solicitante.nombres';

/** The reviews the device holds (table 'revisiones'), by id. */
async function revisiones(ctx: GenContext) {
  return (await ctx.db.revisiones.toArray()).sort((a, b) => a.id.localeCompare(b.id));
}

async function notificacionId(ctx: GenContext, i: Intent, d: Drawn) {
  if (i.bad) return { id: d.id };
  const n = await notificacion(ctx, i.pick);
  return n ? { id: n.id } : null;
}

/** Names no device queues through `mutate`, each with the reason and where it is covered. */
export const NOT_GENERATED: Partial<Record<MutationName, string>> = {
  'sync.omitir': 'sent by push itself in place of a change the server failed on 5 times (src/sync/push.ts; tests/api/sync-omitir.test.ts)',
};
