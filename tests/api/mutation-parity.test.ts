/**
 * Client mutator and server service agree (issue 32, 'Rules written once'): every mutation of the
 * table in src/domain/mutations.ts runs through the device's optimistic mutator (src/db/mutators.ts,
 * via `mutate` on a Dexie database filled by a real pull) and then through the real server (push
 * to the handler table, the same service as the REST routes); the row the server then sends back
 * in the pull must equal the row the mutator wrote, leaf field by leaf field. Only what the server
 * alone can know is left out, each with its reason (`NOT_COMPARED`).
 * Changes the server finds change nothing (a value equal to the stored one in another spelling)
 * are checked apart: the server writes nothing and sends nothing back, so the device's row must be
 * left exactly as it was, and equal to what a second device pulls fresh from the server.
 * 'etapa.actualizar' changes no mirrored row (stages live on the server only): both sides must leave
 * the application row as it was, and the server's stage is checked too.
 * 'sync.omitir' is not queued by `mutate` (push sends it in place of a given-up change): it changes
 * no row on either side, which tests/api/sync-omitir.test.ts covers.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import Dexie from 'dexie';
import { and, eq } from 'drizzle-orm';
import { seguimientoEtapas, solicitudes, usuarios } from '../../server/src/db/schema';
import { nextSeq } from '../../server/src/db/change-seq';
import { createTestContext, loginAs, type TestContext } from './helpers';
import { freshRecordBody, multipart, PDF } from './security-fixtures';
import { argsFromSpecBody } from '../../server/src/modules/formulario/routes';
import { RadicaDB } from '../../src/db/database';
import { mutate, type MutationInput } from '../../src/db/mutate';
import { HttpTransport } from '../../src/sync/http-transport';
import { SyncEngine } from '../../src/sync/engine';
import type { SyncTriggers } from '../../src/sync/triggers';
import { uuidv7 } from '../../src/domain/ids';
import { registroSchemas } from '../../src/domain/campos-fijos';
import { validateRegistro } from '../../src/domain/registro';
import { MUTATIONS, type MutationName } from '../../src/domain/mutations';

let ctx: TestContext;
let db: RadicaDB;
let engine: SyncEngine;
let token: string;
let baseUrl: string;

const triggers: SyncTriggers = {
  isOnline: () => true,
  onConnectivity: () => () => undefined,
  setInterval: () => () => undefined,
  setTimeout: () => () => undefined,
};

beforeAll(async () => {
  ctx = await createTestContext();
  const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = base;
  token = await loginAs(ctx.app, 'admin');
  db = new RadicaDB(`radica-parity-${randomUUID()}`);
  engine = new SyncEngine({ db, transport: new HttpTransport({ token, baseUrl: base }), triggers, locks: null, random: () => 0.5, pullLimit: 500 });
  await engine.sync({ force: true });
});
afterAll(async () => {
  await engine.stop();
  db.close();
  await Dexie.delete(db.name);
  await ctx.close();
});

type Table = 'solicitudes' | 'notificaciones' | 'usuarios' | 'revisiones';

/**
 * Fields only one side can know, by table: the server fills them when it writes (the mutator
 * leaves them as they were, or empty), or the device marks its unsent rows. Every other leaf must
 * be equal.
 */
const NOT_COMPARED: Record<Table, RegExp[]> = {
  solicitudes: [
    /^pending$/, // local marker of an unsent change
    /\.updated_at$/, // the server's clock
    /^solicitud\.radicado$/, // the filing number is given by the server
    /^(created_at|solicitud\.created_at|solicitante\.created_at)$/, // the server's clock at creation
    /^(observaciones|documentos|referencias)\.\d+\.(created_at|usuario_id|usuario_nombre|fecha_creacion)$/,
    /^solicitud\.(created_by_user_id|assigned_to_user_id|empresa_id)$/,
  ],
  notificaciones: [/^updated_at$/, /^created_at$/, /^datos_adicionales\b/, /^usuario_id$/, /^empresa_id$/],
  // `local` marks a user created on this device until the server's row (under its own id) arrives.
  usuarios: [/^id$/, /^local$/, /^updated_at$/, /^created_at$/, /^empresa_id$/, /^seq$/],
  // Who returned, answered or closed a review, and when, come from the server's session and clock.
  revisiones: [/^(devuelta|respondida|cerrada)_(por|por_nombre|en)$/],
};

/** Every leaf of `value` by its dotted path (arrays by index). */
function leaves(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((x, i) => [String(i), x] as const) : Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, Array.isArray(value) ? [] : {});
    for (const [k, x] of entries) leaves(x, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) out.set(prefix, value ?? null);
  return out;
}

/** The leaf paths where the mutator's row and the server's row differ (NOT_COMPARED aside). */
function differences(table: Table, mine: unknown, server: unknown): string[] {
  const a = leaves(mine);
  const b = leaves(server);
  const out: string[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    if (NOT_COMPARED[table].some((re) => re.test(path))) continue;
    const x = a.get(path) ?? null;
    const y = b.get(path) ?? null;
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push(`${path}: mutator ${JSON.stringify(x)} ≠ server ${JSON.stringify(y)}`);
  }
  return out;
}

async function read(table: Table, id: string | number): Promise<Record<string, unknown> | undefined> {
  return (await db.table(table).get(id)) as Record<string, unknown> | undefined;
}

const tested = new Set<MutationName>();

/**
 * Runs `name` optimistically, snapshots the row the mutator wrote, pushes it, pulls, and compares
 * with the server's row. `serverId` finds the server's row when its key differs (a user created
 * under a temporary id). Returns both rows for extra checks.
 */
async function parity<N extends MutationName>(
  name: N,
  args: MutationInput<N>,
  table: Table,
  id: string | number,
  serverId: (() => Promise<string | number>) | null = null,
  { changes = true } = {},
) {
  tested.add(name);
  const before = await read(table, id);
  await mutate(db, name, args);
  const mine = await read(table, id);
  if (changes) expect(mine, `${name} changed nothing on the device`).not.toEqual(before);
  else expect({ ...mine, pending: undefined }, `${name} should leave the row as it was`).toEqual({ ...before, pending: undefined });
  await engine.sync({ force: true });
  expect(await db.outbox.count(), `${name} was not applied by the server`).toBe(0);
  expect(await db.problems.count(), `${name} was refused: ${JSON.stringify(await db.problems.toArray())}`).toBe(0);
  const server = await read(table, serverId ? await serverId() : id);
  expect(differences(table, mine, server), name).toEqual([]);
  return { before, mine, server };
}

async function someSolicitud(skip = 0) {
  const rows = await db.solicitudes.orderBy('created_at').reverse().toArray();
  return rows[skip];
}

describe('client mutator and server service give the same row', () => {
  it('solicitud.crear, cambiarEstado, editar (columns, JSON keys and credit details) and eliminar', async () => {
    const ids = { solicitudId: uuidv7(), solicitanteId: uuidv7() };
    // What the creation form queues: the args checked by the company's mirrored field definitions.
    const checked = validateRegistro(registroSchemas(await db.definiciones.toArray()), argsFromSpecBody(freshRecordBody(ids)));
    if (!checked.ok) throw new Error(JSON.stringify(checked.fields));
    await parity('solicitud.crear', checked.value, 'solicitudes', ids.solicitudId);

    const s = (await someSolicitud(3))!;
    const estado = s.solicitud.estado === 'Aprobado' ? 'En estudio' : 'Aprobado';
    await parity('solicitud.cambiarEstado', { solicitudId: s.solicitud.id, estado, base: { estado: s.solicitud.estado } }, 'solicitudes', s.solicitud.id);

    const e = (await someSolicitud(4))!;
    const changes = {
      'solicitante.nombres': 'Paridad Nombre',
      'solicitante.correo': 'paridad@correo.co',
      'ubicacion.barrio': 'El Prado',
      'solicitud.ciudad_solicitud': 'Medellín',
      'solicitud.detalle_credito.monto_solicitado': 90_000_000,
    };
    const base = Object.fromEntries(Object.keys(changes).map((p) => [p, readLeaf(e, p)]));
    await parity('solicitud.editar', { solicitudId: e.solicitud.id, changes, base }, 'solicitudes', e.solicitud.id);

    const d = (await someSolicitud(5))!;
    const { server } = await parity('solicitud.eliminar', { solicitudId: d.solicitud.id }, 'solicitudes', d.solicitud.id);
    expect(server).toBeUndefined();
  });

  it('referencia.agregar, editar, eliminar and observacion.agregar', async () => {
    const s = (await someSolicitud(6))!;
    const sid = s.solicitud.id;
    const referenciaId = uuidv7();
    await parity('referencia.agregar', { solicitudId: sid, referenciaId, tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Tía Paridad', celular: '3001112233' } }, 'solicitudes', sid);
    await parity('referencia.editar', { solicitudId: sid, referenciaId, tipo_referencia: 'personal', detalle_referencia: { nombre: 'Tía Paridad B' } }, 'solicitudes', sid);
    await parity('referencia.eliminar', { solicitudId: sid, referenciaId }, 'solicitudes', sid);
    // Values the server cleans: a blank type and name, a phone with spaces, a padded text.
    const otra = uuidv7();
    await parity('referencia.agregar', { solicitudId: sid, referenciaId: otra, tipo_referencia: '  ', detalle_referencia: { nombre: ' ', celular: '300 111 2233', relacion: ' Tía ' } }, 'solicitudes', sid);
    await parity('referencia.eliminar', { solicitudId: sid, referenciaId: otra }, 'solicitudes', sid);
    await parity(
      'observacion.agregar',
      { solicitudId: sid, observacionId: uuidv7(), observacion: 'Llamó el titular', fecha_creacion: new Date().toISOString(), usuario_nombre: 'Admin Demo' },
      'solicitudes',
      sid,
    );
    await parity('observacion.agregar', { solicitudId: sid, observacionId: uuidv7(), observacion: 'Sin tipo', tipo: '  ', fecha_creacion: new Date().toISOString(), usuario_nombre: 'Admin Demo' }, 'solicitudes', sid);
  });

  it('etapa.actualizar: stages are not mirrored, so neither side changes the application row; the server moves the stage', async () => {
    const s = (await someSolicitud(9))!;
    const sid = s.solicitud.id;
    const [stage] = await ctx.database.db
      .select()
      .from(seguimientoEtapas)
      .where(and(eq(seguimientoEtapas.solicitudId, sid), eq(seguimientoEtapas.etapa, 'banco')));
    const estado = stage.estado === 'Aprobado' ? 'En estudio' : 'Aprobado';
    await parity('etapa.actualizar', { solicitudId: sid, etapa: 'banco', estado, comentarios: 'Paridad', base: { estado: stage.estado } }, 'solicitudes', sid, null, { changes: false });
    const [after] = await ctx.database.db.select().from(seguimientoEtapas).where(eq(seguimientoEtapas.id, stage.id));
    expect(after).toMatchObject({ estado, comentarios: 'Paridad' });
  });

  it('documento.eliminar', async () => {
    const s = (await someSolicitud(8))!;
    const documentoId = randomUUID();
    const mp = multipart({ solicitud_id: s.solicitud.id, id: documentoId }, [{ field: 'file', name: 'cedula.pdf', data: PDF }]);
    const up = await ctx.app.inject({ method: 'POST', url: '/api/documentos', payload: mp.payload, headers: { ...mp.headers, authorization: `Bearer ${token}` } });
    expect(up.statusCode, up.body).toBeLessThan(300);
    await engine.sync({ force: true });
    expect((await db.solicitudes.get(s.solicitud.id))!.documentos.map((d) => d.id)).toContain(documentoId);
    await parity('documento.eliminar', { solicitudId: s.solicitud.id, documentoId }, 'solicitudes', s.solicitud.id);
  });

  it('notificacion.crear, editar, marcarLeida, marcarCompletada, marcarTodasLeidas and eliminar', async () => {
    const s = (await someSolicitud(7))!;
    const id = uuidv7();
    await parity(
      'notificacion.crear',
      { id, solicitud_id: s.solicitud.id, titulo: 'Paridad', mensaje: 'Llamar al titular', tipo: 'contactar_cliente', accion_requerida: 'contactar_cliente', fecha_recordatorio: '2030-01-02T10:00:00-05:00' },
      'notificaciones',
      id,
    );
    const n = (await read('notificaciones', id))!;
    await parity('notificacion.editar', { id, changes: { titulo: 'Paridad editada', prioridad: 'urgente', fecha_vencimiento: '2030-02-01T00:00:00.000Z' }, base: { titulo: n.titulo, prioridad: n.prioridad } }, 'notificaciones', id);
    // A plain day set where there was no date: the server once read it as no date, wrote nothing
    // and never sent the row back, while the device kept the day (model test, seed 51235419).
    await parity('notificacion.editar', { id, changes: { fecha_recordatorio: null }, base: { fecha_recordatorio: n.fecha_recordatorio } }, 'notificaciones', id);
    const { server: dia } = await parity('notificacion.editar', { id, changes: { fecha_recordatorio: '2031-03-04' }, base: { fecha_recordatorio: null } }, 'notificaciones', id);
    expect((dia as { fecha_recordatorio: string | null }).fecha_recordatorio).toBe('2031-03-04T00:00:00.000Z');
    await parity('notificacion.marcarLeida', { id }, 'notificaciones', id);
    await parity('notificacion.marcarCompletada', { id }, 'notificaciones', id);
    // A completed notification is not read again: both sides leave it completed.
    await parity('notificacion.marcarLeida', { id }, 'notificaciones', id, null, { changes: false });

    const pending = (await db.notificaciones.where('estado').equals('pendiente').toArray()).slice(0, 3);
    expect(pending.length).toBeGreaterThan(0);
    await parity('notificacion.marcarTodasLeidas', { ids: pending.map((p) => p.id) }, 'notificaciones', pending[0].id);
    for (const p of pending.slice(1)) expect((await read('notificaciones', p.id))?.estado).toBe('leida');

    const { server } = await parity('notificacion.eliminar', { id }, 'notificaciones', id);
    expect(server).toBeUndefined();
  });

  it('usuario.crear, editar, eliminar and perfil.editar', async () => {
    const tempId = randomUUID();
    const correo = `paridad.${tempId.slice(0, 8)}@demo.co`;
    const byCorreo = async () => (await db.usuarios.filter((u) => u.correo === correo && typeof u.id === 'number').first())!.id;
    await parity(
      'usuario.crear',
      { tempId, nombre: 'Paridad Usuario', cedula: '80123456', correo, rol: 'asesor', contraseña: 'clave-segura-1', info_extra: { ciudad: 'Cali' } },
      'usuarios',
      tempId,
      byCorreo,
    );
    const id = (await byCorreo()) as number;
    const u = (await read('usuarios', id))!;
    await parity('usuario.editar', { usuarioId: id, changes: { nombre: 'Paridad Editado', rol: 'user' }, base: { nombre: u.nombre, rol: u.rol } }, 'usuarios', id);
    const { server } = await parity('usuario.eliminar', { usuarioId: id }, 'usuarios', id);
    expect(server).toBeUndefined();

    const admin = (await db.usuarios.filter((x) => x.correo === 'admin@demo.co').first())!;
    await parity('perfil.editar', { usuarioId: admin.id as number, nombre: 'Admin Paridad', correo: 'admin@demo.co' }, 'usuarios', admin.id);
  });

  it('revision.devolver, responder, devolver again (ronda 2) and cerrar', async () => {
    const s = (await someSolicitud(10))!;
    const sid = s.solicitud.id;
    // The engine's user (admin) is this application's advisor here, so it may answer too.
    const [admin] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, 'admin@demo.co'));
    await ctx.database.db.update(solicitudes).set({ assignedToUserId: admin.id }).where(eq(solicitudes.id, sid));
    await engine.sync({ force: true });
    const revisionId = uuidv7();
    const campos = [
      { campo: 'solicitud.ciudad_solicitud', comentario: 'No coincide con la cédula' },
      { campo: 'documentos', comentario: 'Falta la carta laboral' },
    ];
    await parity('revision.devolver', { revisionId, solicitudId: sid, mensaje: 'Revise', campos }, 'revisiones', revisionId);
    expect((await db.solicitudes.get(sid))!.solicitud.estado).toBe('Pendiente información adicional');
    await mutate(db, 'solicitud.editar', { solicitudId: sid, changes: { 'solicitud.ciudad_solicitud': 'Manizales' }, base: { 'solicitud.ciudad_solicitud': s.solicitud.ciudad_solicitud } });
    await parity(
      'revision.responder',
      { revisionId, solicitudId: sid, respuestas: [{ campo: 'solicitud.ciudad_solicitud', respuesta: '' }, { campo: 'documentos', respuesta: 'El documento ya fue solicitado al cliente' }] },
      'revisiones',
      revisionId,
    );
    await parity('revision.devolver', { revisionId, solicitudId: sid, mensaje: 'Otra vez', campos: campos.slice(0, 1) }, 'revisiones', revisionId);
    await parity('revision.cerrar', { revisionId, solicitudId: sid }, 'revisiones', revisionId);
  });

  /**
   * An edit the server finds changes nothing writes nothing and never sends the row back (no seq),
   * so whatever the mutator wrote stays on the device: it must be the server's row already. Each
   * value here differs from the stored one only in a way the server normalises away (case, blanks,
   * spacing of a phone, a number as text, '' for none). Checked against a second device that
   * pulls everything fresh from the server.
   */
  it('a change the server finds changes nothing leaves the device with the server\'s row', async () => {
    const s = (await someSolicitud(11))!;
    const sid = s.solicitud.id;
    // Known stored values to compare with: one real edit first (the server normalises and sends it).
    await mutate(db, 'solicitud.editar', {
      solicitudId: sid,
      changes: {
        'solicitante.nombres': 'Noop Nombre',
        'solicitante.info_extra.celular': '3001234567',
        'solicitud.detalle_credito.monto_solicitado': 50_000_000,
        'solicitud.banco_nombre': null,
        'solicitante.fecha_nacimiento': '1990-05-05',
      },
      base: {},
    });
    const referenciaId = uuidv7();
    await mutate(db, 'referencia.agregar', { solicitudId: sid, referenciaId, tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Noop Ref', celular: '3009998877', plazo_meses: 12 } });
    await engine.sync({ force: true });
    expect(await db.problems.count()).toBe(0);
    const estado = (await db.solicitudes.get(sid))!.solicitud.estado;

    const noops: Record<string, () => Promise<number>> = {
      'estado in capitals': () => mutate(db, 'solicitud.cambiarEstado', { solicitudId: sid, estado: estado.toUpperCase(), base: { estado } }),
      'nombres with blanks': () => mutate(db, 'solicitud.editar', { solicitudId: sid, changes: { 'solicitante.nombres': '  Noop Nombre ' }, base: {} }),
      'celular with spaces': () => mutate(db, 'solicitud.editar', { solicitudId: sid, changes: { 'solicitante.info_extra.celular': '300 123 4567' }, base: {} }),
      'monto as text': () => mutate(db, 'solicitud.editar', { solicitudId: sid, changes: { 'solicitud.detalle_credito.monto_solicitado': '$ 50.000.000' }, base: {} }),
      'birth date as a timestamp': () => mutate(db, 'solicitud.editar', { solicitudId: sid, changes: { 'solicitante.fecha_nacimiento': '1990-05-05T00:00:00.000Z' }, base: {} }),
      'blank bank': () => mutate(db, 'solicitud.editar', { solicitudId: sid, changes: { 'solicitud.banco_nombre': '  ' }, base: {} }),
      'reference celular and plazo as text': () => mutate(db, 'referencia.editar', { solicitudId: sid, referenciaId, detalle_referencia: { celular: '300-999-8877', plazo_meses: '12' } }),
    };
    const kept: string[] = [];
    for (const [label, run] of Object.entries(noops)) {
      const before = await db.solicitudes.get(sid);
      await run();
      await engine.sync({ force: true });
      expect(await db.problems.toArray(), label).toEqual([]);
      expect(await db.outbox.count()).toBe(0);
      const after = await db.solicitudes.get(sid);
      kept.push(...differences('solicitudes', { ...after, pending: undefined }, { ...before, pending: undefined }).map((d) => `${label}: ${d}`));
      // Start the next case from the server's row (a later real edit would mend this one).
      if (before) await db.solicitudes.put(before);
    }
    expect(kept).toEqual([]);

    // A second device of the same user pulls the server's state from nothing: the rows agree.
    await withFreshDevice(async (fresh) => {
      const strip = (r: unknown) => ({ ...(r as object), pending: undefined });
      expect(differences('solicitudes', strip(await db.solicitudes.get(sid)), strip(await fresh.solicitudes.get(sid)))).toEqual([]);
    });
  });

  it("a user edit the server finds changes nothing leaves the mirrored user as the server's", async () => {
    // Values stored before the forms trimmed and lower-cased them (an older import).
    const [admin] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, 'admin@demo.co'));
    const [otro] = await ctx.database.db.select().from(usuarios).where(and(eq(usuarios.empresaId, admin.empresaId), eq(usuarios.rol, 'asesor')));
    await ctx.database.db.update(usuarios).set({ nombre: `${otro.nombre} `, infoExtra: { ...otro.infoExtra, ciudad: 'Cali ' }, seq: await nextSeq(ctx.database.db, admin.empresaId) }).where(eq(usuarios.id, otro.id));
    await ctx.database.db.update(usuarios).set({ correo: 'Admin@Demo.co', seq: await nextSeq(ctx.database.db, admin.empresaId) }).where(eq(usuarios.id, admin.id));
    const [banco] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, 'banco@demo.co'));
    expect(banco.infoExtra.banco_nombre).toBe('Bancolombia');
    await engine.sync({ force: true });
    const noops: Record<string, { id: number; run: () => Promise<number> }> = {
      'usuario.editar trimmed': { id: otro.id, run: () => mutate(db, 'usuario.editar', { usuarioId: otro.id, changes: { nombre: otro.nombre, info_extra: { ...otro.infoExtra, ciudad: 'Cali' } }, base: {} }) },
      'perfil.editar e-mail in lower case': { id: admin.id, run: () => mutate(db, 'perfil.editar', { usuarioId: admin.id, nombre: admin.nombre, correo: 'admin@demo.co' }) },
      // The bank the user has, written in another case: the list's spelling stays.
      'usuario.editar same bank in capitals': { id: banco.id, run: () => mutate(db, 'usuario.editar', { usuarioId: banco.id, changes: { info_extra: { ...banco.infoExtra, banco_nombre: 'BANCOLOMBIA' } }, base: {} }) },
    };
    const kept: string[] = [];
    for (const [label, { id, run }] of Object.entries(noops)) {
      const before = await read('usuarios', id);
      await run();
      await engine.sync({ force: true });
      expect(await db.problems.toArray(), label).toEqual([]);
      kept.push(...differences('usuarios', await read('usuarios', id), before).map((d) => `${label}: ${d}`));
    }
    expect(kept).toEqual([]);
    const [bancoDespues] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.id, banco.id));
    expect(bancoDespues.infoExtra.banco_nombre).toBe('Bancolombia');
    await withFreshDevice(async (fresh) => {
      for (const { id } of Object.values(noops)) expect(differences('usuarios', await read('usuarios', id), await fresh.usuarios.get(id))).toEqual([]);
    });
  });

  it('a notification date the clock cannot read is refused on both sides, never a 500 or a thrown RangeError', async () => {
    const s = (await someSolicitud(12))!;
    const unreadable = ['2030-01-02T10:00:00+05', '2030-01-02T10:00:00,5Z'];
    for (const fecha of unreadable) {
      const args = { id: uuidv7(), solicitud_id: s.solicitud.id, titulo: 'Fecha', mensaje: 'Ilegible', tipo: 'contactar_cliente', accion_requerida: 'contactar_cliente', fecha_recordatorio: fecha };
      const res = await ctx.app.inject({ method: 'POST', url: '/api/notificaciones', payload: args, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, `${fecha}: ${res.body}`).toBe(400);
      expect(res.json().fields, fecha).toEqual({ fecha_recordatorio: 'Fecha inválida' });
      await expect(mutate(db, 'notificacion.crear', args), fecha).rejects.toMatchObject({ code: 'VALIDATION' });
    }
    expect(await db.outbox.count()).toBe(0);
  });

  it('covers every mutation of the table but the no-op sync.omitir', () => {
    const all = Object.keys(MUTATIONS).filter((n) => n !== 'sync.omitir');
    expect([...tested].sort()).toEqual(all.sort());
  });
});

/** A second device of the same user that pulls everything from the server: the server's view. */
async function withFreshDevice(check: (fresh: RadicaDB) => Promise<void>): Promise<void> {
  const fresh = new RadicaDB(`radica-parity-fresh-${randomUUID()}`);
  const other = new SyncEngine({ db: fresh, transport: new HttpTransport({ token, baseUrl }), triggers, locks: null, random: () => 0.5, pullLimit: 500 });
  try {
    await other.sync({ force: true });
    await check(fresh);
  } finally {
    await other.stop();
    fresh.close();
    await Dexie.delete(fresh.name);
  }
}

function readLeaf(record: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), record) ?? null;
}
