/**
 * The push names ids itself: what the matrix (tests/api/matrix.test.ts) checks for every REST
 * route, checked here for every mutation of the table (src/domain/mutations.ts). Every role of
 * company 1 pushes, in one batch, each mutation naming
 * - company 2's objects ('foreign'), and, for asesor, banco and user, company 1's application
 *   they may not see ('hidden');
 * - its own visible application together with a child object (reference, document, review) of
 *   the other application ('mixed'), and new objects whose client-made ids are taken by the
 *   other application's objects ('collision': a creation retried with the same id is answered
 *   with the first result, so it must never answer someone else's).
 * Each such mutation is rejected in-band and the database is left exactly as it was (only the
 * sync bookkeeping of the device changes), so nothing of the other application was read into
 * an answer either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestContext } from './helpers';
import { createSecurityWorld, fingerprint, freshRecordBody, other, RESTRICTED, type Actor, type SecurityWorld, type Target } from './security-fixtures';
import { argsFromSpecBody } from '../../server/src/modules/formulario/routes';
import { MUTATIONS, type MutationName } from '../../src/domain/mutations';
import { ROLES } from '../../src/domain/roles';

let ctx: TestContext;
let w: SecurityWorld;
/** An open review of each target, made by its company's admin. */
const reviews = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestContext();
  w = await createSecurityWorld(ctx);
  for (const t of [w.fx[1].shared, w.fx[1].hidden, w.fx[2].shared]) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/solicitudes/${t.solicitudId}/devolver`,
      headers: { authorization: `Bearer ${w.actor(t.company, 'admin').token}` },
      payload: { mensaje: 'Revise la ciudad', campos: [{ campo: 'solicitud.ciudad_solicitud', comentario: 'No coincide' }] },
    });
    if (res.statusCode !== 200) throw new Error(`devolver: ${res.statusCode} ${res.body}`);
    reviews.set(t.solicitudId, res.json().data.id as string);
  }
}, 300_000);
afterAll(() => ctx.close());

const now = () => new Date().toISOString();
const NOTIF = { titulo: 'Llamar', mensaje: 'Llamar al titular', tipo: 'contactar_cliente', accion_requerida: 'contactar_cliente' };
const CAMPO = 'solicitud.ciudad_solicitud';

type Attack = { name: MutationName; args: Record<string, unknown>; label: string };

/** Every mutation naming only the objects of `t`. */
function foreign(t: Target, sameCompany: boolean): Attack[] {
  const rev = reviews.get(t.solicitudId)!;
  const s = t.solicitudId;
  const list: Attack[] = [
    { label: 'cambiarEstado', name: 'solicitud.cambiarEstado', args: { solicitudId: s, estado: 'Aprobado', base: { estado: null } } },
    { label: 'editar', name: 'solicitud.editar', args: { solicitudId: s, changes: { [CAMPO]: 'Tunja' }, base: {} } },
    { label: 'eliminar', name: 'solicitud.eliminar', args: { solicitudId: s } },
    { label: 'ref.agregar', name: 'referencia.agregar', args: { solicitudId: s, referenciaId: randomUUID(), tipo_referencia: 'personal', detalle_referencia: { nombre: 'Intruso' } } },
    { label: 'ref.editar', name: 'referencia.editar', args: { solicitudId: s, referenciaId: t.referenciaId, tipo_referencia: 'laboral' } },
    { label: 'ref.eliminar', name: 'referencia.eliminar', args: { solicitudId: s, referenciaId: t.referenciaId } },
    { label: 'obs.agregar', name: 'observacion.agregar', args: { solicitudId: s, observacionId: randomUUID(), observacion: 'Intruso', fecha_creacion: now() } },
    { label: 'doc.eliminar', name: 'documento.eliminar', args: { solicitudId: s, documentoId: t.documentoId } },
    { label: 'notif.crear', name: 'notificacion.crear', args: { id: randomUUID(), solicitud_id: s, ...NOTIF } },
    { label: 'notif.editar', name: 'notificacion.editar', args: { id: t.notificacionId, changes: { titulo: 'Intruso' }, base: {} } },
    { label: 'notif.leida', name: 'notificacion.marcarLeida', args: { id: t.notificacionId } },
    { label: 'notif.completada', name: 'notificacion.marcarCompletada', args: { id: t.notificacionId } },
    { label: 'notif.todas', name: 'notificacion.marcarTodasLeidas', args: { ids: [t.notificacionId] } },
    { label: 'notif.eliminar', name: 'notificacion.eliminar', args: { id: t.notificacionId } },
    { label: 'etapa', name: 'etapa.actualizar', args: { solicitudId: s, etapa: 'documentos', estado: 'Aprobado' } },
    { label: 'rev.devolver', name: 'revision.devolver', args: { revisionId: randomUUID(), solicitudId: s, mensaje: 'Intruso', campos: [{ campo: CAMPO, comentario: 'x' }] } },
    { label: 'rev.responder', name: 'revision.responder', args: { revisionId: rev, solicitudId: s, respuestas: [{ campo: CAMPO, respuesta: 'Listo' }] } },
    { label: 'rev.cerrar', name: 'revision.cerrar', args: { revisionId: rev, solicitudId: s } },
  ];
  if (!sameCompany) {
    list.push(
      { label: 'usuario.editar', name: 'usuario.editar', args: { usuarioId: t.usuarioId, changes: { nombre: 'Intruso' }, base: {} } },
      { label: 'usuario.eliminar', name: 'usuario.eliminar', args: { usuarioId: t.usuarioId } },
      { label: 'perfil.editar', name: 'perfil.editar', args: { usuarioId: t.usuarioId, nombre: 'Intruso', correo: 'intruso@otra.co' } },
    );
  }
  return list;
}

/** The caller's own visible application `o` with children or ids of `t`. */
function mixed(o: Target, t: Target): Attack[] {
  const rev = reviews.get(t.solicitudId)!;
  const s = o.solicitudId;
  return [
    { label: 'mixed ref.editar', name: 'referencia.editar', args: { solicitudId: s, referenciaId: t.referenciaId, tipo_referencia: 'laboral' } },
    { label: 'mixed ref.eliminar', name: 'referencia.eliminar', args: { solicitudId: s, referenciaId: t.referenciaId } },
    { label: 'mixed doc.eliminar', name: 'documento.eliminar', args: { solicitudId: s, documentoId: t.documentoId } },
    { label: 'mixed rev.responder', name: 'revision.responder', args: { revisionId: rev, solicitudId: s, respuestas: [{ campo: CAMPO, respuesta: 'Listo' }] } },
    { label: 'mixed rev.cerrar', name: 'revision.cerrar', args: { revisionId: rev, solicitudId: s } },
    { label: 'collision ref', name: 'referencia.agregar', args: { solicitudId: s, referenciaId: t.referenciaId, tipo_referencia: 'personal', detalle_referencia: { nombre: 'Intruso' } } },
    { label: 'collision obs', name: 'observacion.agregar', args: { solicitudId: s, observacionId: t.observacionId, observacion: 'Intruso', fecha_creacion: now() } },
    { label: 'collision notif', name: 'notificacion.crear', args: { id: t.notificacionId, solicitud_id: s, ...NOTIF } },
    { label: 'collision rev', name: 'revision.devolver', args: { revisionId: rev, solicitudId: s, mensaje: 'Intruso', campos: [{ campo: CAMPO, comentario: 'x' }] } },
    {
      label: 'collision solicitud',
      name: 'solicitud.crear',
      args: argsFromSpecBody(freshRecordBody({ solicitudId: t.solicitudId, solicitanteId: t.solicitanteId })) as Record<string, unknown>,
    },
  ];
}

async function pushAll(a: Actor, attacks: Attack[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: { authorization: `Bearer ${a.token}` },
    payload: { clientId: randomUUID(), mutations: attacks.map((m, i) => ({ id: i + 1, name: m.name, args: m.args })) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results as Array<{ id: number; status: string; code?: string; error?: string }>;
}

const EXCLUDE = ['sync_clients', 'sync_results'];

describe('push with ids the caller may not reach', () => {
  it('covers every mutation of the table but the two that name no object of an application (usuario.crear, sync.omitir)', () => {
    const t = w.fx[2].shared;
    const named = new Set([...foreign(t, false), ...mixed(w.fx[1].shared, t)].map((a) => a.name));
    const missing = (Object.keys(MUTATIONS) as MutationName[]).filter((n) => !named.has(n) && n !== 'usuario.crear' && n !== 'sync.omitir');
    expect(missing).toEqual([]);
  });

  for (const role of ROLES) {
    it(`${role}: another company's objects, and (for asesor, banco and user) a hidden application's, are rejected and change nothing`, async () => {
      const a = w.actor(1, role);
      const targets: Array<[Target, boolean]> = [[w.fx[other(1)].shared, false]];
      if (RESTRICTED.includes(role)) targets.push([w.fx[1].hidden, true]);
      for (const [t, sameCompany] of targets) {
        const attacks = [...foreign(t, sameCompany), ...mixed(w.fx[1].shared, t)];
        const before = await fingerprint(ctx, { exclude: EXCLUDE });
        const results = await pushAll(a, attacks);
        const wrong = results
          .map((r, i) => ({ ...r, label: attacks[i].label }))
          // Marking as read a list of ids is a no-op for ids the user does not have; it may be applied.
          .filter((r) => r.status !== 'rejected' && !(attacks[r.id - 1].name === 'notificacion.marcarTodasLeidas' && r.status === 'applied'));
        expect(wrong, `${role} → ${sameCompany ? 'hidden' : 'foreign'}`).toEqual([]);
        for (const r of results.filter((x) => x.status === 'rejected')) expect(r.error, r.code).toMatch(/[a-záéíóúñ]/i);
        expect(await fingerprint(ctx, { exclude: EXCLUDE }), `${role} → ${sameCompany ? 'hidden' : 'foreign'}`).toEqual(before);
      }
    }, 120_000);
  }

  it('ids of deleted rows (an application, its children, a user) are rejected for every mutation and change nothing', async () => {
    const admin = w.actor(1, 'admin');
    const t = await w.freshTarget(1, 'shared');
    const rev = await ctx.app.inject({
      method: 'POST',
      url: `/api/solicitudes/${t.solicitudId}/devolver`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { mensaje: 'Revise la ciudad', campos: [{ campo: CAMPO, comentario: 'No coincide' }] },
    });
    reviews.set(t.solicitudId, rev.json().data.id as string);
    for (const url of [`/api/solicitudes/${t.solicitudId}`, `/api/usuarios/${t.usuarioId}`]) {
      const del = await ctx.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${admin.token}` } });
      expect(del.statusCode, del.body).toBe(200);
    }
    // The user is of the same company, but deleted: 'foreign' with sameCompany false adds the user mutations.
    const attacks = foreign(t, false).filter((a) => a.name !== 'perfil.editar');
    const before = await fingerprint(ctx, { exclude: EXCLUDE });
    const results = await pushAll(admin, attacks);
    const wrong = results
      .map((r, i) => ({ ...r, label: attacks[i].label }))
      .filter((r) => r.status !== 'rejected' && !(attacks[r.id - 1].name === 'notificacion.marcarTodasLeidas' && r.status === 'applied'));
    expect(wrong).toEqual([]);
    expect(await fingerprint(ctx, { exclude: EXCLUDE })).toEqual(before);
  }, 120_000);
});
