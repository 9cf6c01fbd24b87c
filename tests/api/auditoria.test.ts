/**
 * The audit trail (issue #12): every write — through REST and through the matching sync push —
 * leaves one audit row in its own transaction with who, when, company, entity, id and the changed
 * fields with old and new values; a failed write leaves none; 'Historial de cambios' is read-only,
 * admin/supervisor only, company-scoped, and never shows a secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, max } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { auditoria, documentos, notificaciones, seguimientoEtapas, solicitudes, usuarios } from '../../server/src/db/schema';
import { uuidv7 } from '../../src/domain/ids';
import { recibeDocumentos } from '../../src/domain/seguimiento';

let ctx: TestContext;
let started: number;
beforeAll(async () => {
  ctx = await createTestContext();
  started = Date.now() - 1000;
});
afterAll(() => ctx.close());

type Sol = typeof solicitudes.$inferSelect;
type AuditRow = typeof auditoria.$inferSelect;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function call(who: DemoUser | null, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: who ? bearer(await loginAs(ctx.app, who)) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const clients = new Map<DemoUser, { id: string; next: number }>();
async function push(who: DemoUser, name: string, args: unknown) {
  let c = clients.get(who);
  if (!c) clients.set(who, (c = { id: randomUUID(), next: 0 }));
  c.next += 1;
  const res = await call(who, 'POST', '/api/sync/push', {
    clientId: c.id,
    mutations: [{ id: c.next, name, args, at: new Date().toISOString() }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results[0] as { status: string; code?: string; error?: string };
}

async function userId(who: DemoUser) {
  const correo = { admin: 'admin@demo.co', supervisor: 'supervisor@demo.co', manager: 'manager@demo.co', asesor: 'asesor@demo.co', banco: 'banco@demo.co', user: 'user@demo.co', otraAdmin: 'admin@otra.co' }[who];
  const [u] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, correo));
  return u.id;
}

const used = new Set<string>();
async function take(filter: (s: Sol) => boolean = () => true): Promise<Sol> {
  const rows = await ctx.database.db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.empresaId, ctx.seeded.demo.id), isNull(solicitudes.deletedAt)));
  const s = rows.find((r) => !used.has(r.id) && filter(r));
  if (!s) throw new Error('no demo application left');
  used.add(s.id);
  return s;
}

async function mark(): Promise<number> {
  const [{ m }] = await ctx.database.db.select({ m: max(auditoria.id) }).from(auditoria);
  return Number(m ?? 0);
}
async function since(m: number): Promise<AuditRow[]> {
  return ctx.database.db.select().from(auditoria).where(gt(auditoria.id, m)).orderBy(asc(auditoria.id));
}

interface Expected {
  entidad: string;
  entidadId?: string;
  accion: string;
  who: DemoUser | null;
  empresaId?: number;
  /** Fields that must be among the changes, with these old and new values. */
  cambios?: Record<string, { old: unknown; new: unknown }>;
}

/** Runs a write and checks it left exactly the expected audit rows, each complete. */
async function audited(write: () => Promise<unknown>, expected: Expected | Expected[]): Promise<AuditRow[]> {
  const m = await mark();
  await write();
  const rows = await since(m);
  const list = Array.isArray(expected) ? expected : [expected];
  for (const e of list) {
    const hit = rows.filter((r) => r.entidad === e.entidad && r.accion === e.accion && (!e.entidadId || r.entidadId === e.entidadId));
    expect(hit.length, `${e.entidad}/${e.accion} in ${JSON.stringify(rows)}`).toBeGreaterThanOrEqual(1);
    const row = hit[0];
    expect(row.empresaId).toBe(e.empresaId ?? ctx.seeded.demo.id);
    expect(row.usuarioId).toBe(e.who ? await userId(e.who) : null);
    expect(Date.parse(row.fecha)).toBeGreaterThanOrEqual(started);
    expect(Date.parse(row.fecha)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Object.keys(row.cambios).length).toBeGreaterThan(0);
    for (const change of Object.values(row.cambios)) {
      expect(change).toHaveProperty('old');
      expect(change).toHaveProperty('new');
    }
    for (const [field, change] of Object.entries(e.cambios ?? {})) {
      expect(row.cambios[field], `${field} in ${JSON.stringify(row.cambios)}`).toEqual(change);
    }
  }
  expect(JSON.stringify(rows)).not.toMatch(/scrypt|\$[0-9a-z]+\$|demo1234|secreta123/);
  return rows;
}

const ok = <R extends { statusCode: number; body: string }>(res: R): R => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};
const applied = (r: { status: string; error?: string }) => expect(r, JSON.stringify(r)).toMatchObject({ status: 'applied' });

describe('applications: REST and push', () => {
  it('status change', async () => {
    const s = await take((r) => r.estado !== 'Aprobado' && r.estado !== 'Negado');
    await audited(() => call('supervisor', 'PATCH', '/api/solicitudes/actualizar-estado', { id: s.id, estado: 'Aprobado' }).then(ok), {
      entidad: 'solicitud', entidadId: s.id, accion: 'cambiarEstado', who: 'supervisor', cambios: { estado: { old: s.estado, new: 'Aprobado' } },
    });
    await audited(() => push('admin', 'solicitud.cambiarEstado', { solicitudId: s.id, estado: 'Negado', base: { estado: 'Aprobado' } }).then(applied), {
      entidad: 'solicitud', entidadId: s.id, accion: 'cambiarEstado', who: 'admin', cambios: { estado: { old: 'Aprobado', new: 'Negado' } },
    });
  });

  it('field edits: PATCH /api/solicitudes/{id}, editar-registro-completo, PUT edit-record and solicitud.editar', async () => {
    const s = await take((r) => r.ciudadSolicitud !== 'Tunja');
    await audited(() => call('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { ciudad_solicitud: 'Tunja' }).then(ok), {
      entidad: 'solicitud', entidadId: s.id, accion: 'editar', who: 'supervisor', cambios: { 'solicitud.ciudad_solicitud': { old: s.ciudadSolicitud, new: 'Tunja' } },
    });
    await audited(
      () => call('manager', 'PATCH', `/api/solicitantes/${s.solicitanteId}/editar-registro-completo`, { solicitudes: [{ id: s.id, ciudad_solicitud: 'Pasto' }] }).then(ok),
      { entidad: 'solicitud', entidadId: s.id, accion: 'editar', who: 'manager', cambios: { 'solicitud.ciudad_solicitud': { old: 'Tunja', new: 'Pasto' } } },
    );
    const [admin] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, 'admin@demo.co'));
    await audited(
      () => call('admin', 'PUT', '/api/edit-record/', { solicitud: { id: s.id, ciudad_solicitud: 'Neiva' }, cedula: admin.cedula }).then(ok),
      { entidad: 'solicitud', entidadId: s.id, accion: 'editar', who: 'admin', cambios: { 'solicitud.ciudad_solicitud': { old: 'Pasto', new: 'Neiva' } } },
    );
    await audited(
      () => push('supervisor', 'solicitud.editar', { solicitudId: s.id, changes: { 'solicitud.ciudad_solicitud': 'Cúcuta' }, base: { 'solicitud.ciudad_solicitud': 'Neiva' } }).then(applied),
      { entidad: 'solicitud', entidadId: s.id, accion: 'editar', who: 'supervisor', cambios: { 'solicitud.ciudad_solicitud': { old: 'Neiva', new: 'Cúcuta' } } },
    );
  });

  it("a configured field whose key only holds a secret's letters ('secretaria_educacion') is kept and shown, never hidden as a secret", async () => {
    const s = await take();
    const key = 'actividad_economica.detalle_actividad.secretaria_educacion';
    await audited(
      () => push('supervisor', 'solicitud.editar', { solicitudId: s.id, changes: { [key]: 'Secretaría de Educación de Antioquia' }, base: {} }).then(applied),
      { entidad: 'solicitud', entidadId: s.id, accion: 'editar', who: 'supervisor', cambios: { [key]: { old: null, new: 'Secretaría de Educación de Antioquia' } } },
    );
    const historial = ok(await call('admin', 'GET', `/api/solicitudes/${s.id}/historial`)).json().data as Array<{ cambios: Record<string, { new: unknown }> }>;
    expect(historial.find((h) => key in h.cambios)?.cambios[key].new).toBe('Secretaría de Educación de Antioquia');
  });

  it('a bank change audits the edit and the notification it creates', async () => {
    const s = await take((r) => !!r.bancoNombre && r.bancoNombre !== 'Davivienda');
    const rows = await audited(() => call('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { banco_nombre: 'Davivienda' }).then(ok), [
      { entidad: 'solicitud', entidadId: s.id, accion: 'editar', who: 'supervisor', cambios: { 'solicitud.banco_nombre': { old: s.bancoNombre, new: 'Davivienda' } } },
      { entidad: 'notificacion', accion: 'crear', who: 'supervisor', cambios: { solicitud_id: { old: null, new: s.id }, titulo: { old: null, new: 'Cambio de Banco en Solicitud' } } },
    ]);
    const notif = rows.find((r) => r.entidad === 'notificacion')!;
    const [n] = await ctx.database.db.select().from(notificaciones).where(eq(notificaciones.id, notif.entidadId));
    expect(n.solicitudId).toBe(s.id);
  });

  it('creation through REST and through solicitud.crear records the new values and the references', async () => {
    const body = {
      solicitante: { id: randomUUID(), nombres: 'Laura', primer_apellido: 'Gómez', tipo_identificacion: 'CC', numero_documento: String(Date.now()).slice(-9), fecha_nacimiento: '1990-04-12', genero: 'F', correo: 'laura@correo.co', celular: '3001234567' },
      ubicaciones: [{ id: randomUUID(), departamento_residencia: 'Atlántico', ciudad_residencia: 'Soledad', direccion_residencia: 'Calle 10 # 5-20', estrato: '3' }],
      actividad_economica: { id: randomUUID(), tipo_actividad: 'Empleado', tipo_actividad_economica: 'Empleado', empresa: 'ACME' },
      informacion_financiera: { id: randomUUID(), ingreso_basico_mensual: '3500000', total_ingresos_mensuales: '3500000' },
      referencias: [{ id: randomUUID(), tipo_referencia: 'familiar', nombre: 'Pedro Gómez', celular: '3109876543' }],
      solicitudes: [{ id: randomUUID(), banco_nombre: 'Bancolombia', ciudad_solicitud: 'Barranquilla', tipo_credito: 'hipotecario', monto_solicitado: '150000000', plazo_meses: '180' }],
      acepta_terminos: true,
      acepta_firma: true,
    };
    await audited(() => call('asesor', 'POST', '/api/solicitantes/crear-registro-completo', body).then(ok), [
      {
        entidad: 'solicitud', entidadId: body.solicitudes[0].id, accion: 'crear', who: 'asesor',
        cambios: { 'solicitante.nombres': { old: null, new: 'Laura' }, 'solicitud.banco_nombre': { old: null, new: 'Bancolombia' }, 'solicitud.estado': { old: null, new: 'Pendiente' } },
      },
      { entidad: 'referencia', entidadId: body.referencias[0].id, accion: 'agregar', who: 'asesor', cambios: { solicitante_id: { old: null, new: body.solicitante.id } } },
    ]);
    const args = {
      solicitudId: randomUUID(), solicitanteId: randomUUID(), ubicacionId: randomUUID(), actividadId: randomUUID(), financieraId: randomUUID(),
      solicitante: { ...body.solicitante, id: undefined, nombres: 'Mónica', numero_documento: String(Date.now() + 7).slice(-9) },
      ubicacion: { direccion_residencia: 'Carrera 1' },
      actividad_economica: { tipo_actividad: 'Independiente', tipo_actividad_economica: 'Independiente' },
      informacion_financiera: { ingreso_basico_mensual: 2000000 },
      solicitud: { tipo_credito: 'vehicular', monto_solicitado: 30000000, plazo_meses: 48 },
      referencias: [],
      acepta_terminos: true,
      acepta_firma: true,
    };
    delete (args.solicitante as Record<string, unknown>).id;
    await audited(() => push('asesor', 'solicitud.crear', args).then(applied), {
      entidad: 'solicitud', entidadId: args.solicitudId, accion: 'crear', who: 'asesor', cambios: { 'solicitante.nombres': { old: null, new: 'Mónica' } },
    });
  });

  it('deletion through DELETE /api/solicitudes, /api/delete-customer and solicitud.eliminar', async () => {
    for (const [who, run] of [
      ['admin', (s: Sol) => call('admin', 'DELETE', `/api/solicitudes/${s.id}`).then(ok)],
      ['admin', (s: Sol) => call('admin', 'DELETE', `/api/delete-customer/${s.id}`).then(ok)],
      ['supervisor', (s: Sol) => push('supervisor', 'solicitud.eliminar', { solicitudId: s.id }).then(applied)],
    ] as const) {
      const s = await take();
      const [row] = await audited(() => run(s), { entidad: 'solicitud', entidadId: s.id, accion: 'eliminar', who });
      const [after] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, s.id));
      expect(row.cambios.deleted_at).toEqual({ old: null, new: after.deletedAt });
    }
  });
});

describe('children of an application: REST and push', () => {
  it('references: add, edit, delete', async () => {
    const s = await take();
    const id1 = uuidv7();
    await audited(() => call('supervisor', 'POST', '/api/referencias', { id: id1, solicitud_id: s.id, tipo_referencia: 'personal', detalle_referencia: { nombre: 'Ana', celular: '3001112233' } }).then(ok), {
      entidad: 'referencia', entidadId: id1, accion: 'agregar', who: 'supervisor',
      cambios: { solicitante_id: { old: null, new: s.solicitanteId }, tipo_referencia: { old: null, new: 'personal' }, detalle_referencia: { old: null, new: { nombre: 'Ana', celular: '3001112233' } } },
    });
    await audited(() => call('supervisor', 'PATCH', '/api/referencias', { solicitante_id: s.solicitanteId, referencia_id: id1, updates: { celular: '3009998877' } }).then(ok), {
      entidad: 'referencia', entidadId: id1, accion: 'editar', who: 'supervisor', cambios: { 'detalle_referencia.celular': { old: '3001112233', new: '3009998877' } },
    });
    const edited = await since((await mark()) - 1);
    expect(Object.keys(edited[0].cambios)).toEqual(['detalle_referencia.celular']);
    await audited(() => call('supervisor', 'DELETE', '/api/referencias', { solicitante_id: s.solicitanteId, referencia_id: id1 }).then(ok), {
      entidad: 'referencia', entidadId: id1, accion: 'eliminar', who: 'supervisor',
      cambios: { solicitante_id: { old: s.solicitanteId, new: null }, detalle_referencia: { old: { nombre: 'Ana', celular: '3009998877' }, new: null } },
    });

    const id2 = uuidv7();
    await audited(() => push('admin', 'referencia.agregar', { solicitudId: s.id, referenciaId: id2, tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Luis' } }).then(applied), {
      entidad: 'referencia', entidadId: id2, accion: 'agregar', who: 'admin', cambios: { detalle_referencia: { old: null, new: { nombre: 'Luis' } } },
    });
    await audited(() => push('admin', 'referencia.editar', { solicitudId: s.id, referenciaId: id2, tipo_referencia: 'laboral' }).then(applied), {
      entidad: 'referencia', entidadId: id2, accion: 'editar', who: 'admin', cambios: { tipo_referencia: { old: 'familiar', new: 'laboral' } },
    });
    await audited(() => push('admin', 'referencia.eliminar', { solicitudId: s.id, referenciaId: id2 }).then(applied), {
      entidad: 'referencia', entidadId: id2, accion: 'eliminar', who: 'admin', cambios: { tipo_referencia: { old: 'laboral', new: null } },
    });
  });

  it('observations through REST and push', async () => {
    const s = await take();
    const id1 = uuidv7();
    await audited(() => call('supervisor', 'POST', `/api/solicitudes/${s.id}/observaciones`, { id: id1, observacion: 'Llamar el lunes' }).then(ok), {
      entidad: 'observacion', entidadId: id1, accion: 'agregar', who: 'supervisor', cambios: { observacion: { old: null, new: 'Llamar el lunes' } },
    });
    const id2 = uuidv7();
    await audited(
      () => push('admin', 'observacion.agregar', { solicitudId: s.id, observacionId: id2, observacion: 'Desde la tableta', tipo: 'comentario', fecha_creacion: new Date().toISOString() }).then(applied),
      { entidad: 'observacion', entidadId: id2, accion: 'agregar', who: 'admin', cambios: { observacion: { old: null, new: 'Desde la tableta' } } },
    );
  });

  it('documents: upload, DELETE and documento.eliminar', async () => {
    const s = await take();
    const upload = async (id: string) => {
      const fd = new FormData();
      fd.append('id', id);
      fd.append('solicitud_id', s.id);
      fd.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'cedula.pdf');
      return ctx.app.inject({ method: 'POST', url: '/api/documentos', headers: bearer(await loginAs(ctx.app, 'supervisor')), payload: fd }).then(ok);
    };
    const d1 = uuidv7();
    await audited(() => upload(d1), {
      entidad: 'documento', entidadId: d1, accion: 'subir', who: 'supervisor', cambios: { nombre: { old: null, new: 'cedula.pdf' }, mime: { old: null, new: 'application/pdf' }, file_size: { old: null, new: PDF.length } },
    });
    await audited(() => call('supervisor', 'DELETE', `/api/documentos/${d1}`).then(ok), {
      entidad: 'documento', entidadId: d1, accion: 'eliminar', who: 'supervisor', cambios: { nombre: { old: 'cedula.pdf', new: null } },
    });
    const d2 = uuidv7();
    await upload(d2);
    await audited(() => push('admin', 'documento.eliminar', { solicitudId: s.id, documentoId: d2 }).then(applied), {
      entidad: 'documento', entidadId: d2, accion: 'eliminar', who: 'admin', cambios: { nombre: { old: 'cedula.pdf', new: null } },
    });
  });

  it('notifications: every REST write and every push mutation', async () => {
    const s = await take();
    const form = { solicitud_id: s.id, titulo: 'Revisar', mensaje: 'Faltan papeles', tipo: 'analisis_credito', accion_requerida: 'revisar_documentos', prioridad: 'alta' };
    let id = '';
    await audited(async () => {
      id = (ok(await call('supervisor', 'POST', '/api/notificaciones', form)).json().data as { id: string }).id;
    }, { entidad: 'notificacion', accion: 'crear', who: 'supervisor', cambios: { titulo: { old: null, new: 'Revisar' }, prioridad: { old: null, new: 'alta' }, solicitud_id: { old: null, new: s.id } } });
    await audited(() => call('supervisor', 'PATCH', `/api/notificaciones/${id}`, { titulo: 'Revisar cédula' }).then(ok), {
      entidad: 'notificacion', entidadId: id, accion: 'editar', who: 'supervisor', cambios: { titulo: { old: 'Revisar', new: 'Revisar cédula' } },
    });
    await audited(() => call('supervisor', 'PUT', `/api/notificaciones/${id}`, { ...form, titulo: 'Revisar RUT' }).then(ok), {
      entidad: 'notificacion', entidadId: id, accion: 'editar', who: 'supervisor', cambios: { titulo: { old: 'Revisar cédula', new: 'Revisar RUT' } },
    });
    await audited(() => call('admin', 'PATCH', `/api/notificaciones/${id}/marcar-leida`).then(ok), {
      entidad: 'notificacion', entidadId: id, accion: 'marcarLeida', who: 'admin', cambios: { estado: { old: 'pendiente', new: 'leida' } },
    });
    await audited(() => call('admin', 'PATCH', `/api/notificaciones/${id}/marcar-completada`).then(ok), {
      entidad: 'notificacion', entidadId: id, accion: 'marcarCompletada', who: 'admin', cambios: { estado: { old: 'leida', new: 'completada' } },
    });
    await audited(() => call('admin', 'DELETE', `/api/notificaciones/${id}`).then(ok), {
      entidad: 'notificacion', entidadId: id, accion: 'eliminar', who: 'admin', cambios: { titulo: { old: 'Revisar RUT', new: null } },
    });
    const other = ok(await call('supervisor', 'POST', '/api/notificaciones', { ...form, titulo: 'Otra' })).json().data as { id: string };
    await audited(() => call('supervisor', 'PATCH', '/api/notificaciones/marcar-todas-leidas', { ids: [other.id] }).then(ok), {
      entidad: 'notificacion', entidadId: other.id, accion: 'marcarTodasLeidas', who: 'supervisor', cambios: { estado: { old: 'pendiente', new: 'leida' } },
    });

    const nid = uuidv7();
    await audited(() => push('admin', 'notificacion.crear', { ...form, id: nid, titulo: 'Offline' }).then(applied), {
      entidad: 'notificacion', entidadId: nid, accion: 'crear', who: 'admin', cambios: { titulo: { old: null, new: 'Offline' } },
    });
    await audited(() => push('admin', 'notificacion.editar', { id: nid, changes: { mensaje: 'Otro texto' }, base: { mensaje: 'Faltan papeles' } }).then(applied), {
      entidad: 'notificacion', entidadId: nid, accion: 'editar', who: 'admin', cambios: { mensaje: { old: 'Faltan papeles', new: 'Otro texto' } },
    });
    await audited(() => push('admin', 'notificacion.marcarTodasLeidas', { ids: [nid] }).then(applied), {
      entidad: 'notificacion', entidadId: nid, accion: 'marcarTodasLeidas', who: 'admin', cambios: { estado: { old: 'pendiente', new: 'leida' } },
    });
    await audited(() => push('admin', 'notificacion.marcarCompletada', { id: nid }).then(applied), {
      entidad: 'notificacion', entidadId: nid, accion: 'marcarCompletada', who: 'admin', cambios: { estado: { old: 'leida', new: 'completada' } },
    });
    const nid2 = uuidv7();
    await push('admin', 'notificacion.crear', { ...form, id: nid2, titulo: 'Offline 2' });
    await audited(() => push('admin', 'notificacion.marcarLeida', { id: nid2 }).then(applied), {
      entidad: 'notificacion', entidadId: nid2, accion: 'marcarLeida', who: 'admin', cambios: { estado: { old: 'pendiente', new: 'leida' } },
    });
    await audited(() => push('admin', 'notificacion.eliminar', { id: nid2 }).then(applied), {
      entidad: 'notificacion', entidadId: nid2, accion: 'eliminar', who: 'admin', cambios: { titulo: { old: 'Offline 2', new: null } },
    });
  });

  it('the e-mail outbox', async () => {
    const s = await take();
    await audited(() => call('supervisor', 'POST', '/api/notificaciones/email', { tipo: 'cambio_banco', destinatario: 'a@b.co', datos: { solicitud_id: s.id } }).then(ok), {
      entidad: 'email', accion: 'encolar', who: 'supervisor', cambios: { destinatario: { old: null, new: 'admin@demo.co' } },
    });
  });
});

describe('users, profile, configuration and tracking', () => {
  it('users through REST and push, with the password never stored', async () => {
    const correo = `audit.${randomUUID().slice(0, 6)}@demo.co`;
    let id = 0;
    await audited(async () => {
      id = (ok(await call('admin', 'POST', '/api/usuarios', { nombre: 'Auditada', cedula: '77001', correo, contraseña: 'secreta123', rol: 'asesor', info_extra: {} })).json().data as { id: number }).id;
    }, { entidad: 'usuario', accion: 'crear', who: 'admin', cambios: { nombre: { old: null, new: 'Auditada' }, rol: { old: null, new: 'asesor' } } });
    await audited(() => call('admin', 'PUT', `/api/usuarios/${id}`, { nombre: 'Auditada Dos', contraseña: 'secreta123' }).then(ok), {
      entidad: 'usuario', entidadId: String(id), accion: 'editar', who: 'admin', cambios: { nombre: { old: 'Auditada', new: 'Auditada Dos' } },
    });
    const [pw] = (await since(0)).filter((r) => r.entidadId === String(id) && r.accion === 'editar').slice(-1);
    expect(pw.cambios['contraseña']).toEqual({ old: '(oculto)', new: '(oculto)' });
    await audited(() => push('supervisor', 'usuario.editar', { usuarioId: id, changes: { nombre: 'Auditada Tres' }, base: { nombre: 'Auditada Dos' } }).then(applied), {
      entidad: 'usuario', entidadId: String(id), accion: 'editar', who: 'supervisor', cambios: { nombre: { old: 'Auditada Dos', new: 'Auditada Tres' } },
    });
    await audited(() => call('admin', 'DELETE', `/api/usuarios/${id}`).then(ok), { entidad: 'usuario', entidadId: String(id), accion: 'eliminar', who: 'admin' });

    const tempId = randomUUID();
    const correo2 = `audit2.${randomUUID().slice(0, 6)}@demo.co`;
    const rows = await audited(() => push('admin', 'usuario.crear', { nombre: 'Por Sync', cedula: '77002', correo: correo2, contraseña: 'secreta123', rol: 'user', info_extra: {}, tempId }).then(applied), {
      entidad: 'usuario', accion: 'crear', who: 'admin', cambios: { correo: { old: null, new: correo2 } },
    });
    await audited(() => push('admin', 'usuario.eliminar', { usuarioId: Number(rows[0].entidadId) }).then(applied), {
      entidad: 'usuario', entidadId: rows[0].entidadId, accion: 'eliminar', who: 'admin',
    });
  });

  it('profile through REST and push', async () => {
    const uid = await userId('manager');
    await audited(() => call('manager', 'PUT', '/api/perfil', { nombre: 'Gerente Auditado', correo: 'manager@demo.co' }).then(ok), {
      entidad: 'usuario', entidadId: String(uid), accion: 'editarPerfil', who: 'manager', cambios: { nombre: { old: expect.any(String) as unknown, new: 'Gerente Auditado' } },
    });
    await audited(() => push('manager', 'perfil.editar', { usuarioId: uid, nombre: 'Gerente Otra Vez', correo: 'manager@demo.co' }).then(applied), {
      entidad: 'usuario', entidadId: String(uid), accion: 'editarPerfil', who: 'manager', cambios: { nombre: { old: 'Gerente Auditado', new: 'Gerente Otra Vez' } },
    });
  });

  it('configuration: definitions, reorder, table columns, categories', async () => {
    const url = '/api/json/definitions/solicitud/detalle_credito';
    let defId = 0;
    await audited(async () => {
      defId = (ok(await call('admin', 'POST', url, { definitions: [{ key: 'campo_auditado', type: 'string', description: 'Auditado' }] })).json().data as Array<{ id: number }>)[0].id;
    }, { entidad: 'definicion', accion: 'crear', who: 'admin' });
    await audited(() => call('admin', 'PATCH', `/api/json/definitions/${defId}`, { description: 'Auditado dos' }).then(ok), { entidad: 'definicion', accion: 'actualizar', who: 'admin' });
    await audited(() => call('supervisor', 'PATCH', `${url}/reorder`, { field_orders: [{ key: 'campo_auditado', order_index: 1 }] }).then(ok), { entidad: 'definicion', accion: 'reordenar', who: 'supervisor' });
    await audited(() => call('admin', 'DELETE', `${url}/campo_auditado`).then(ok), { entidad: 'definicion', accion: 'eliminar', who: 'admin' });
    await audited(() => call('admin', 'POST', '/api/configuraciones/columnas-tabla/agregar', { nombre: 'Profesión', nombre_interno: 'profesion', activo: true }).then(ok), {
      entidad: 'columnas_tabla', accion: 'agregar', who: 'admin',
    });
    const cols = (ok(await call('admin', 'GET', '/api/configuraciones/columnas-tabla')).json().data as { columnas: Array<Record<string, unknown>> }).columnas;
    await audited(() => call('admin', 'PUT', '/api/configuraciones/columnas-tabla', { columnas: cols.map((c, i) => ({ nombre: c.nombre, nombre_interno: c.nombre_interno, activo: i > 0 ? c.activo : !c.activo, orden: c.orden })) }).then(ok), {
      entidad: 'columnas_tabla', accion: 'guardar', who: 'admin',
    });
    const cat = '/api/configuraciones/auditoria_prueba';
    await audited(() => call('admin', 'POST', cat, { descripcion: 'Prueba', configuracion: ['a'] }).then(ok), { entidad: 'categoria', accion: 'crear', who: 'admin' });
    await audited(() => call('admin', 'PUT', cat, { descripcion: 'Prueba 2', configuracion: ['a', 'b'] }).then(ok), { entidad: 'categoria', accion: 'actualizar', who: 'admin' });
    await audited(() => call('admin', 'DELETE', cat).then(ok), { entidad: 'categoria', accion: 'eliminar', who: 'admin' });
  });

  it('tracking: the public upload and the staff stage change', async () => {
    // Open (a closed filing takes no documents) and Pendiente (its bank stage is not yet Aprobado).
    const s = await take((r) => recibeDocumentos(r.estado) && r.estado === 'Pendiente');
    const fd = new FormData();
    fd.append('id_radicado', s.radicado);
    fd.append('archivos', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'extracto.pdf');
    await audited(() => ctx.app.inject({ method: 'POST', url: '/api/seguimiento/actualizar-documentos', payload: fd }).then(ok), {
      entidad: 'solicitud', entidadId: s.id, accion: 'seguimiento_documentos', who: null, cambios: { documentos: { old: null, new: ['extracto.pdf'] } },
    });
    const [etapa] = await ctx.database.db.select().from(seguimientoEtapas).where(and(eq(seguimientoEtapas.solicitudId, s.id), eq(seguimientoEtapas.etapa, 'banco')));
    await audited(
      () => call('admin', 'POST', '/api/seguimiento/actualizar-estado', { id_radicado: s.radicado, etapas: [{ etapa: 'banco', estado: 'Aprobado', comentarios: 'Listo' }] }).then(ok),
      // The same rule and trail as PATCH /etapas (actualizar-etapa.ts).
      { entidad: 'seguimiento_etapa', entidadId: String(etapa.id), accion: 'actualizar', who: 'admin', cambios: { estado: { old: etapa.estado, new: 'Aprobado' }, comentarios: { old: etapa.comentarios, new: 'Listo' } } },
    );
    await audited(
      () => call('supervisor', 'PATCH', `/api/solicitudes/${s.id}/etapas/banco`, { estado: 'Negado', comentarios: 'Sin cupo' }).then(ok),
      { entidad: 'seguimiento_etapa', entidadId: String(etapa.id), accion: 'actualizar', who: 'supervisor', cambios: { estado: { old: 'Aprobado', new: 'Negado' }, comentarios: { old: 'Listo', new: 'Sin cupo' } } },
    );
    await audited(
      () => push('admin', 'etapa.actualizar', { solicitudId: s.id, etapa: 'banco', estado: 'En estudio', base: { estado: 'Negado' } }).then(applied),
      { entidad: 'seguimiento_etapa', entidadId: String(etapa.id), accion: 'actualizar', who: 'admin', cambios: { estado: { old: 'Negado', new: 'En estudio' } } },
    );
  });
});

describe('a failed write leaves no audit row (same transaction)', () => {
  it('a REST write that fails after its first part rolls back the change and its audit row', async () => {
    const s = await take((r) => r.ciudadSolicitud !== 'Yopal');
    const m = await mark();
    // The field edit runs (and audits) first; the unknown status then fails the whole request.
    const res = await call('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { ciudad_solicitud: 'Yopal', estado: 'No Existe' });
    expect(res.statusCode).toBe(400);
    expect(await since(m)).toEqual([]);
    const [after] = await ctx.database.db.select().from(solicitudes).where(eq(solicitudes.id, s.id));
    expect(after.ciudadSolicitud).toBe(s.ciudadSolicitud);
  });

  it('validation errors, refusals and rejected (conflicting) mutations leave none', async () => {
    // Which row the database lists first varies (PostgreSQL): a fixed status keeps the conflict
    // certain (a base of 'Rechazado' against a stored 'Negado' is no conflict: they are one status).
    const s = await take((r) => r.estado === 'Negado');
    const m = await mark();
    expect((await call('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { nombres: '' })).statusCode).toBe(400);
    expect((await call('asesor', 'DELETE', `/api/solicitudes/${s.id}`)).statusCode).toBe(403);
    expect((await call('otraAdmin', 'PATCH', `/api/solicitudes/${s.id}`, { ciudad_solicitud: 'X' })).statusCode).toBe(404);
    expect((await call('supervisor', 'POST', `/api/solicitudes/${s.id}/observaciones`, { observacion: '   ' })).statusCode).toBe(400);
    const conflict = await push('admin', 'solicitud.cambiarEstado', { solicitudId: s.id, estado: 'Aprobado', base: { estado: 'Pendiente' } });
    expect(conflict).toMatchObject({ status: 'rejected', code: 'CONFLICT' });
    expect(await push('admin', 'solicitud.editar', { solicitudId: s.id, changes: { 'solicitante.nombres': ' ' }, base: {} })).toMatchObject({ status: 'rejected', code: 'VALIDATION' });
    expect(await push('user', 'referencia.agregar', { solicitudId: s.id, referenciaId: uuidv7(), tipo_referencia: null, detalle_referencia: { nombre: 'X' } })).toMatchObject({ status: 'rejected' });
    expect(await since(m)).toEqual([]);
  });
});

describe('GET /api/solicitudes/{id}/historial', () => {
  it('gives admin and supervisor the trail of the application and its children, newest first, with names', async () => {
    const s = await take((r) => r.ciudadSolicitud !== 'Ibagué');
    ok(await call('supervisor', 'PATCH', `/api/solicitudes/${s.id}`, { ciudad_solicitud: 'Ibagué' }));
    const refId = uuidv7();
    ok(await call('admin', 'POST', '/api/referencias', { id: refId, solicitud_id: s.id, tipo_referencia: 'personal', detalle_referencia: { nombre: 'Borrada' } }));
    ok(await call('admin', 'DELETE', '/api/referencias', { solicitante_id: s.solicitanteId, referencia_id: refId }));
    const obsId = uuidv7();
    ok(await call('admin', 'POST', `/api/solicitudes/${s.id}/observaciones`, { id: obsId, observacion: 'Nota auditada' }));
    const other = await take();
    ok(await call('admin', 'PATCH', `/api/solicitudes/${other.id}`, { ciudad_solicitud: 'Otra' }));

    for (const who of ['admin', 'supervisor'] as const) {
      const res = await call(who, 'GET', `/api/solicitudes/${s.id}/historial`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data as Array<{ id: number; fecha: string; usuario_nombre: string; entidad: string; entidad_id: string; accion: string; cambios: Record<string, { old: unknown; new: unknown }> }>;
      expect(data.map((d) => d.entidad_id)).not.toContain(other.id);
      const fechas = data.map((d) => Date.parse(d.fecha));
      expect([...fechas].sort((a, b) => b - a)).toEqual(fechas);
      expect(data[0]).toMatchObject({ entidad: 'observacion', entidad_id: obsId, accion: 'agregar' });
      expect(data.filter((d) => d.entidad_id === refId).map((d) => d.accion)).toEqual(['eliminar', 'agregar']);
      const edit = data.find((d) => d.entidad === 'solicitud' && d.accion === 'editar')!;
      expect(edit.cambios['solicitud.ciudad_solicitud']).toEqual({ old: s.ciudadSolicitud, new: 'Ibagué' });
      const [sup] = await ctx.database.db.select().from(usuarios).where(eq(usuarios.correo, 'supervisor@demo.co'));
      expect(edit.usuario_nombre).toBe(sup.nombre);
    }
  });

  it('includes notifications and documents of the application, and never a secret', async () => {
    const s = await take();
    const n = ok(await call('admin', 'POST', '/api/notificaciones', { solicitud_id: s.id, titulo: 'Aviso', mensaje: 'x', tipo: 'analisis_credito', accion_requerida: 'revisar_documentos' })).json().data as { id: string };
    const fd = new FormData();
    const docId = uuidv7();
    fd.append('id', docId);
    fd.append('solicitud_id', s.id);
    fd.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'soporte.pdf');
    ok(await ctx.app.inject({ method: 'POST', url: '/api/documentos', headers: bearer(await loginAs(ctx.app, 'admin')), payload: fd }));
    expect((await ctx.database.db.select().from(documentos).where(eq(documentos.id, docId))).length).toBe(1);
    // A secret written before redaction existed is still hidden on read.
    await ctx.database.db.insert(auditoria).values({
      empresaId: ctx.seeded.demo.id, usuarioId: null, entidad: 'solicitud', entidadId: s.id, accion: 'editar',
      cambios: { password_hash: { old: 'scrypt$abc', new: 'scrypt$def' }, 'solicitud.detalle_credito': { old: null, new: { token: 'xyz', monto: 5 } } },
    });
    const data = (await call('admin', 'GET', `/api/solicitudes/${s.id}/historial`)).json().data as Array<{ entidad: string; entidad_id: string }>;
    expect(data.some((d) => d.entidad === 'notificacion' && d.entidad_id === n.id)).toBe(true);
    expect(data.some((d) => d.entidad === 'documento' && d.entidad_id === docId)).toBe(true);
    const body = JSON.stringify(data);
    expect(body).not.toMatch(/scrypt|xyz/);
    expect(body).toContain('"monto":5');
  });

  it('refuses other roles (403), no token (401), another company and unknown ids (404)', async () => {
    const s = await take();
    for (const who of ['asesor', 'manager', 'banco', 'user'] as const) {
      const res = await call(who, 'GET', `/api/solicitudes/${s.id}/historial`);
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    expect((await call(null, 'GET', `/api/solicitudes/${s.id}/historial`)).statusCode).toBe(401);
    const foreign = await call('otraAdmin', 'GET', `/api/solicitudes/${s.id}/historial`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(s.id);
    expect((await call('admin', 'GET', `/api/solicitudes/${randomUUID()}/historial`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/api/solicitudes/no-es-uuid/historial')).statusCode).toBe(404);
  });

  it('has no write route: PUT, PATCH, POST and DELETE are refused and the rows stay as they were', async () => {
    const s = await take();
    ok(await call('admin', 'POST', `/api/solicitudes/${s.id}/observaciones`, { observacion: 'Inmutable' }));
    const before = await ctx.database.db.select().from(auditoria).orderBy(asc(auditoria.id));
    const url = `/api/solicitudes/${s.id}/historial`;
    const entry = ((await call('admin', 'GET', url)).json().data as Array<{ id: number }>)[0];
    for (const method of ['PUT', 'PATCH', 'POST', 'DELETE'] as const) {
      for (const target of [url, `${url}/${entry.id}`]) {
        const res = await call('admin', method, target, { cambios: {}, accion: 'borrado' });
        expect([404, 405], `${method} ${target}`).toContain(res.statusCode);
        expect(res.json().ok).toBe(false);
      }
    }
    expect(await ctx.database.db.select().from(auditoria).orderBy(asc(auditoria.id))).toEqual(before);
    expect(ctx.app.routeTable.filter((r) => r.url.includes('historial') || r.url.includes('auditoria')).map((r) => r.method)).toEqual(['GET']);
  });
});
