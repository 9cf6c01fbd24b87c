/**
 * Statistics endpoints: every figure is checked against a count made here, in plain TypeScript,
 * from the raw rows of the database (not from the server's SQL), for each role's visibility.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import {
  actividadEconomica,
  documentos,
  informacionFinanciera,
  referencias,
  solicitudes,
  usuarios,
} from '../../server/src/db/schema';
import { uuidv7 } from '../../src/domain/ids';
import {
  diaColombia,
  esCompletada,
  montoSolicitado,
  promedio,
  rangoIngreso,
  type Conteo,
  type EstadisticasCompletas,
  type EstadisticasFinancieras,
  type EstadisticasGenerales,
  type EstadisticasRendimiento,
  type EstadisticasUsuarios,
} from '../../src/domain/estadisticas';

let ctx: TestContext;
type Sol = typeof solicitudes.$inferSelect;

/** Raw rows of the database, read once the test documents are in place. */
let raw: {
  solicitudes: Sol[];
  usuarios: Array<typeof usuarios.$inferSelect>;
  referencias: Array<typeof referencias.$inferSelect>;
  financiera: Array<typeof informacionFinanciera.$inferSelect>;
  actividad: Array<typeof actividadEconomica.$inferSelect>;
  documentos: Array<typeof documentos.$inferSelect>;
};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  // The demo data has no documents: add some, tied to an application, to an applicant only, a
  // deleted one, and one on an application the asesor cannot see.
  const all = await db.select().from(solicitudes).where(eq(solicitudes.empresaId, ctx.seeded.demo.id));
  const asesorId = ctx.seeded.users.asesor;
  const ofAsesor = all.filter((s) => s.createdByUserId === asesorId);
  const notAsesor = all.filter((s) => s.createdByUserId !== asesorId && s.assignedToUserId !== asesorId);
  const doc = (s: Sol, extra: Partial<typeof documentos.$inferInsert> = {}) => ({
    id: uuidv7(),
    empresaId: s.empresaId,
    solicitanteId: s.solicitanteId,
    solicitudId: s.id,
    nombre: 'cedula.pdf',
    mime: 'application/pdf',
    fileSize: 1000,
    ...extra,
  });
  await db.insert(documentos).values([
    doc(ofAsesor[0]),
    doc(ofAsesor[0]),
    doc(ofAsesor[1], { solicitudId: null }),
    doc(ofAsesor[2], { deletedAt: new Date().toISOString() }),
    doc(notAsesor[0]),
    doc(notAsesor[1], { solicitudId: null }),
  ]);
  raw = {
    solicitudes: await db.select().from(solicitudes),
    usuarios: await db.select().from(usuarios),
    referencias: await db.select().from(referencias),
    financiera: await db.select().from(informacionFinanciera),
    actividad: await db.select().from(actividadEconomica),
    documentos: await db.select().from(documentos),
  };
});
afterAll(() => ctx.close());

async function get(who: DemoUser, path: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/estadisticas/${path}`, headers: bearer(await loginAs(ctx.app, who)) });
}
async function stats<T>(who: DemoUser, path: string): Promise<T> {
  const res = await get(who, path);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.ok).toBe(true);
  return body.data.estadisticas as T;
}

// ---- The independent model -------------------------------------------------------------------

function userOf(who: DemoUser) {
  const correo = { admin: 'admin@demo.co', supervisor: 'supervisor@demo.co', manager: 'manager@demo.co', asesor: 'asesor@demo.co', banco: 'banco@demo.co', user: 'user@demo.co', otraAdmin: 'admin@otra.co' }[who];
  return raw.usuarios.find((u) => u.correo === correo)!;
}

function visibleTo(who: DemoUser): Sol[] {
  const u = userOf(who);
  return raw.solicitudes.filter((s) => {
    if (s.empresaId !== u.empresaId || s.deletedAt) return false;
    if (['admin', 'supervisor', 'manager'].includes(u.rol)) return true;
    if (u.rol === 'banco') return (s.bancoNombre ?? '').toLowerCase() === String(u.infoExtra.banco_nombre).toLowerCase();
    return s.createdByUserId === u.id || s.assignedToUserId === u.id;
  });
}

function tally<T>(items: T[], key: (t: T) => string): Conteo {
  const out: Conteo = {};
  for (const it of items) out[key(it)] = (out[key(it)] ?? 0) + 1;
  return out;
}

function expectedGenerales(who: DemoUser): EstadisticasGenerales {
  const vis = visibleTo(who);
  const ids = new Set(vis.map((s) => s.id));
  const applicants = new Set(vis.map((s) => s.solicitanteId));
  const docs = raw.documentos.filter(
    (d) => d.empresaId === userOf(who).empresaId && !d.deletedAt && (d.solicitudId ? ids.has(d.solicitudId) : applicants.has(d.solicitanteId)),
  );
  return {
    total_solicitantes: applicants.size,
    total_solicitudes: vis.length,
    total_documentos: docs.length,
    solicitudes_por_dia: tally(vis, (s) => diaColombia(s.createdAt)),
    solicitudes_por_estado: tally(vis, (s) => s.estado),
    solicitudes_por_banco: tally(vis, (s) => s.bancoNombre ?? 'Sin banco'),
    solicitudes_por_ciudad: tally(vis, (s) => s.ciudadSolicitud ?? 'Sin ciudad'),
  };
}

function daysAgo(n: number): string {
  const today = diaColombia(Date.now());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

function expectedRendimiento(who: DemoUser, dias: number): EstadisticasRendimiento {
  const vis = visibleTo(who);
  const first = daysAgo(dias - 1);
  const inPeriod = vis.filter((s) => diaColombia(s.createdAt) >= first);
  const name = (id: number | null) => {
    const u = raw.usuarios.find((x) => x.id === id);
    return u ? `${u.nombre} ${u.apellido ?? ''}`.trim() : 'Sin usuario';
  };
  return {
    solicitudes_completadas: inPeriod.filter((s) => ['Aprobado', 'Desembolsado', 'Pagado', 'Negado', 'Desistido'].includes(s.estado)).length,
    solicitudes_pendientes: vis.filter((s) => ['Pendiente', 'En estudio', 'Pendiente información adicional'].includes(s.estado)).length,
    periodo_dias: dias,
    solicitudes_por_dia: tally(inPeriod, (s) => diaColombia(s.createdAt)),
    // Per advisor responsible, as the review table (tests/api/estadisticas-productividad.test.ts).
    productividad_usuarios: tally(inPeriod, (s) => name(s.assignedToUserId ?? s.createdByUserId)),
    // Nothing is returned for correction in this file (tests/api/estadisticas-devoluciones.test.ts).
    devoluciones_por_asesor: Object.entries(tally(inPeriod, (s) => name(s.assignedToUserId ?? s.createdByUserId)))
      .map(([asesor, n]) => ({ asesor, solicitudes: n, devueltas: 0, porcentaje_devueltas: 0, respondidas: 0, mediana_horas_respuesta: null }))
      .sort((a, b) => a.asesor.localeCompare(b.asesor, 'es')),
  };
}

/**
 * The money figures, summed here from the raw rows by the literal status names: over the visible
 * applications of any date, or only those filed in the last `dias` days (for contrast).
 */
function expectedMontos(who: DemoUser, dias?: number) {
  const first = dias === undefined ? '' : daysAgo(dias - 1);
  const inPeriod = visibleTo(who).filter((s) => diaColombia(s.createdAt) >= first);
  const withAmount = inPeriod.filter((s) => montoSolicitado(s.detalleCredito) !== null);
  const total = (rows: Sol[]) => rows.reduce((a, s) => a + (montoSolicitado(s.detalleCredito) ?? 0), 0);
  return {
    monto_total_solicitado: total(withAmount),
    monto_promedio_solicitado: withAmount.length ? Math.round(total(withAmount) / withAmount.length) : 0,
    monto_total_aprobado: total(withAmount.filter((s) => ['Aprobado', 'Desembolsado', 'Pagado'].includes(s.estado))),
    monto_total_desembolsado: total(withAmount.filter((s) => ['Desembolsado', 'Pagado'].includes(s.estado))),
  };
}

function expectedFinancieras(who: DemoUser, dias = 30): EstadisticasFinancieras {
  const g = expectedGenerales(who);
  const applicants = new Set(visibleTo(who).map((s) => s.solicitanteId));
  const refs = raw.referencias.filter((r) => applicants.has(r.solicitanteId)).length;
  const newest = <T extends { id: string; solicitanteId: string }>(rows: T[]) => {
    const by = new Map<string, T>();
    for (const r of rows) if (applicants.has(r.solicitanteId) && (!by.has(r.solicitanteId) || by.get(r.solicitanteId)!.id < r.id)) by.set(r.solicitanteId, r);
    return [...applicants].map((id) => by.get(id));
  };
  return {
    referencias_promedio: Math.round((refs / applicants.size) * 10) / 10,
    documentos_promedio: Math.round((g.total_documentos / applicants.size) * 10) / 10,
    total_referencias: refs,
    total_documentos: g.total_documentos,
    rangos_ingresos: tally(newest(raw.financiera), (f) => {
      const ingreso = f?.totalIngresosMensuales;
      if (ingreso == null) return 'Sin información';
      if (ingreso < 1_000_000) return 'Menos de $ 1.000.000';
      if (ingreso < 2_000_000) return '$ 1.000.000 - $ 2.000.000';
      if (ingreso < 3_000_000) return '$ 2.000.000 - $ 3.000.000';
      if (ingreso < 5_000_000) return '$ 3.000.000 - $ 5.000.000';
      if (ingreso < 10_000_000) return '$ 5.000.000 - $ 10.000.000';
      return 'Más de $ 10.000.000';
    }),
    tipos_actividad_economica: tally(newest(raw.actividad), (a) => a?.tipoActividad ?? 'Sin información'),
    // Obsolete, kept for the documented answer: the `dias` asked for, echoed.
    periodo_dias: dias,
    ...expectedMontos(who),
  };
}

const sum = (c: Conteo) => Object.values(c).reduce((a, b) => a + b, 0);

// ---- Tests --------------------------------------------------------------------------------------

describe('GET /api/estadisticas/generales', () => {
  it('gives the admin the totals and the counts per day, status, bank and city of the whole company', async () => {
    const got = await stats<EstadisticasGenerales>('admin', 'generales');
    const want = expectedGenerales('admin');
    expect(got).toEqual(want);
    // Sanity of the model itself on the demo data.
    expect(got.total_solicitudes).toBe(160);
    expect(got.total_documentos).toBe(5);
    expect(Object.keys(got.solicitudes_por_estado)).toHaveLength(8);
    expect(sum(got.solicitudes_por_dia)).toBe(160);
    expect(Object.keys(got.solicitudes_por_dia)).toEqual(Object.keys(got.solicitudes_por_dia).sort());
    expect(Object.keys(got.solicitudes_por_banco).length).toBeGreaterThan(2);
    expect(Object.keys(got.solicitudes_por_ciudad).length).toBeGreaterThan(2);
  });

  it('scopes the figures to what each role may see', async () => {
    for (const who of ['supervisor', 'manager', 'asesor', 'banco', 'user'] as const) {
      expect(await stats<EstadisticasGenerales>(who, 'generales'), who).toEqual(expectedGenerales(who));
    }
    const asesor = await stats<EstadisticasGenerales>('asesor', 'generales');
    expect(asesor.total_solicitudes).toBeLessThan(160);
    expect(asesor.total_documentos).toBe(3);
    const banco = await stats<EstadisticasGenerales>('banco', 'generales');
    expect(Object.keys(banco.solicitudes_por_banco)).toEqual(['Bancolombia']);
  });

  it('never mixes companies', async () => {
    const otra = await stats<EstadisticasGenerales>('otraAdmin', 'generales');
    expect(otra).toEqual(expectedGenerales('otraAdmin'));
    expect(otra.total_solicitudes).toBe(24);
    expect(otra.total_documentos).toBe(0);
  });
});

describe('GET /api/estadisticas/rendimiento', () => {
  it('counts completed applications, the open ones, per day and per user over the period (default 30 days)', async () => {
    const got = await stats<EstadisticasRendimiento>('admin', 'rendimiento');
    expect(got).toEqual(expectedRendimiento('admin', 30));
    expect(got.solicitudes_completadas).toBeGreaterThan(0);
    expect(Object.keys(got.productividad_usuarios)).toEqual(
      expect.arrayContaining(['Adriana Mejía', 'Andrés Cifuentes', 'Sergio Patiño']),
    );
  });

  it('honours every period and each role', async () => {
    for (const dias of [7, 15, 60, 90]) {
      expect(await stats<EstadisticasRendimiento>('admin', `rendimiento?dias=${dias}`), `dias=${dias}`).toEqual(expectedRendimiento('admin', dias));
    }
    for (const who of ['asesor', 'banco', 'user'] as const) {
      expect(await stats<EstadisticasRendimiento>(who, 'rendimiento?dias=90'), who).toEqual(expectedRendimiento(who, 90));
    }
    const asesor = await stats<EstadisticasRendimiento>('asesor', 'rendimiento?dias=90');
    expect(Object.keys(asesor.productividad_usuarios)).toEqual(['Andrés Cifuentes']);
  });

  it('refuses a period outside 7, 15, 30, 60, 90 with a Spanish message', async () => {
    for (const dias of ['10', 'abc', '0']) {
      const res = await get('admin', `rendimiento?dias=${dias}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION', error: expect.stringContaining('7, 15, 30, 60 o 90 días') });
    }
  });
});

describe('GET /api/estadisticas/financieras', () => {
  it('averages references and documents per applicant and counts incomes and activities', async () => {
    const got = await stats<EstadisticasFinancieras>('admin', 'financieras');
    expect(got).toEqual(expectedFinancieras('admin'));
    expect(got.total_referencias).toBeGreaterThan(0);
    expect(sum(got.rangos_ingresos)).toBe(160);
    expect(sum(got.tipos_actividad_economica)).toBe(160);
    expect(Object.keys(got.rangos_ingresos).length).toBeGreaterThan(2);
    expect(Number.isInteger(got.referencias_promedio * 10)).toBe(true);
  });

  it('scopes by role and company', async () => {
    for (const who of ['asesor', 'banco', 'user', 'otraAdmin'] as const) {
      expect(await stats<EstadisticasFinancieras>(who, 'financieras'), who).toEqual(expectedFinancieras(who));
    }
  });

  it('sums the requested, approved and disbursed amounts of every visible application, and averages the requested one', async () => {
    const got = await stats<EstadisticasFinancieras>('admin', 'financieras');
    // Sanity of the model on the demo data: every application states an amount, every status occurs.
    expect(got.monto_total_solicitado).toBeGreaterThan(got.monto_total_aprobado);
    expect(got.monto_total_aprobado).toBeGreaterThan(got.monto_total_desembolsado);
    expect(got.monto_total_desembolsado).toBeGreaterThan(0);
    expect(Number.isInteger(got.monto_promedio_solicitado)).toBe(true);
    for (const who of ['asesor', 'banco'] as const) {
      expect(await stats<EstadisticasFinancieras>(who, 'financieras'), who).toEqual(expectedFinancieras(who));
    }
  });

  it('has no period: every figure, the money ones included, is the same whatever dias says (alone and in completas)', async () => {
    const figures = ({ periodo_dias: _, ...rest }: EstadisticasFinancieras) => rest;
    const want = figures(expectedFinancieras('admin'));
    // The demo data spans more than a week, so a 7-day window would give other sums.
    expect(expectedMontos('admin', 7).monto_total_solicitado).toBeLessThan(want.monto_total_solicitado);
    expect(expectedMontos('admin', 7).monto_total_aprobado).toBeLessThan(want.monto_total_aprobado);
    for (const query of ['', '?dias=7', '?dias=30', '?dias=90']) {
      expect(figures(await stats<EstadisticasFinancieras>('admin', `financieras${query}`)), query).toEqual(want);
      expect(figures((await stats<EstadisticasCompletas>('admin', `completas${query}`)).financieras), `completas${query}`).toEqual(want);
    }
  });

  it('reads an amount stored as text, skips one that is not a number, and counts a lower-case status', async () => {
    const db = ctx.database.db;
    const [a, b, c] = visibleTo('otraAdmin');
    await db.update(solicitudes).set({ detalleCredito: { ...a.detalleCredito, monto_solicitado: '1234567' }, estado: 'pagado' }).where(eq(solicitudes.id, a.id));
    await db.update(solicitudes).set({ detalleCredito: { ...b.detalleCredito, monto_solicitado: 'mucho' } }).where(eq(solicitudes.id, b.id));
    await db.update(solicitudes).set({ detalleCredito: { tipo_credito: 'consumo' } }).where(eq(solicitudes.id, c.id));
    raw.solicitudes = await db.select().from(solicitudes);
    const got = await stats<EstadisticasFinancieras>('otraAdmin', 'financieras?dias=90');
    const want = expectedMontos('otraAdmin');
    // The model matches statuses literally; 'pagado' counts as paid (the server compares case-insensitively).
    const pagado = montoSolicitado(raw.solicitudes.find((s) => s.id === a.id)!.detalleCredito)!;
    expect(pagado).toBe(1_234_567);
    expect(got.monto_total_solicitado).toBe(want.monto_total_solicitado);
    expect(got.monto_promedio_solicitado).toBe(want.monto_promedio_solicitado);
    expect(got.monto_total_aprobado).toBe(want.monto_total_aprobado + pagado);
    expect(got.monto_total_desembolsado).toBe(want.monto_total_desembolsado + pagado);
  });

  it('counts only the newest financial row of an applicant, and applicants without one as Sin información', async () => {
    const otra = visibleTo('otraAdmin');
    const [a, b] = otra;
    const db = ctx.database.db;
    const old = raw.financiera.find((f) => f.solicitanteId === a.solicitanteId)!;
    const newer = { ...old, id: uuidv7(Date.now() + 60_000), totalIngresosMensuales: 500_000 };
    const gone = raw.financiera.find((f) => f.solicitanteId === b.solicitanteId)!;
    await db.insert(informacionFinanciera).values(newer);
    await db.delete(informacionFinanciera).where(eq(informacionFinanciera.id, gone.id));
    raw.financiera = await db.select().from(informacionFinanciera);
    const got = await stats<EstadisticasFinancieras>('otraAdmin', 'financieras');
    expect(got.rangos_ingresos).toEqual(expectedFinancieras('otraAdmin').rangos_ingresos);
    expect(got.rangos_ingresos['Menos de $ 1.000.000']).toBeGreaterThanOrEqual(1);
    expect(got.rangos_ingresos['Sin información']).toBe(1);
    expect(sum(got.rangos_ingresos)).toBe(24);
  });
});

describe('GET /api/estadisticas/completas', () => {
  it('groups generales, rendimiento (with the period) and financieras (of any date)', async () => {
    const got = await stats<EstadisticasCompletas>('asesor', 'completas?dias=15');
    expect(got).toEqual({
      generales: expectedGenerales('asesor'),
      rendimiento: expectedRendimiento('asesor', 15),
      financieras: expectedFinancieras('asesor', 15),
    });
    const admin = await stats<EstadisticasCompletas>('admin', 'completas');
    expect(admin.rendimiento.periodo_dias).toBe(30);
  });
});

describe('GET /api/estadisticas/usuarios', () => {
  it('counts the company users per role, bank and city for admin and supervisor', async () => {
    for (const who of ['admin', 'supervisor'] as const) {
      const got = await stats<EstadisticasUsuarios>(who, 'usuarios');
      const mine = raw.usuarios.filter((u) => u.empresaId === ctx.seeded.demo.id && !u.deletedAt);
      expect(got).toEqual({
        total_usuarios: mine.length,
        usuarios_por_rol: tally(mine, (u) => u.rol),
        usuarios_por_banco: tally(mine.filter((u) => u.infoExtra.banco_nombre), (u) => String(u.infoExtra.banco_nombre)),
        usuarios_por_ciudad: tally(mine, (u) => String(u.infoExtra.ciudad ?? 'Sin ciudad')),
      });
      expect(got.total_usuarios).toBe(6);
      expect(got.usuarios_por_banco).toEqual({ Bancolombia: 1 });
    }
    const otra = await stats<EstadisticasUsuarios>('otraAdmin', 'usuarios');
    expect(otra).toEqual({ total_usuarios: 1, usuarios_por_rol: { admin: 1 }, usuarios_por_banco: {}, usuarios_por_ciudad: { Barranquilla: 1 } });
  });

  it('answers 403 to every other role', async () => {
    for (const who of ['manager', 'asesor', 'banco', 'user'] as const) {
      const res = await get(who, 'usuarios');
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(res.body).not.toContain('total_usuarios');
    }
  });
});

describe('access to every statistics endpoint', () => {
  const paths = ['generales', 'rendimiento', 'financieras', 'completas', 'usuarios'];

  it('needs a token (401)', async () => {
    for (const p of paths) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/estadisticas/${p}` });
      expect(res.statusCode, p).toBe(401);
    }
  });

  it('refuses another company in empresa_id or another user in user_id (403), accepts its own', async () => {
    const admin = userOf('admin');
    for (const p of paths) {
      expect((await get('admin', `${p}?empresa_id=2`)).statusCode, p).toBe(403);
      expect((await get('admin', `${p}?user_id=${admin.id + 1}`)).statusCode, p).toBe(403);
      const ok = await get('admin', `${p}?empresa_id=${admin.empresaId}&user_id=${admin.id}`);
      expect(ok.statusCode, p).toBe(200);
    }
  });

  it('does not count deleted applications', async () => {
    const db = ctx.database.db;
    const before = await stats<EstadisticasGenerales>('admin', 'generales');
    const victim = visibleTo('admin').find((s) => s.estado === 'Pendiente')!;
    await db.update(solicitudes).set({ deletedAt: new Date().toISOString() }).where(eq(solicitudes.id, victim.id));
    raw.solicitudes = await db.select().from(solicitudes);
    const after = await stats<EstadisticasGenerales>('admin', 'generales');
    expect(after.total_solicitudes).toBe(before.total_solicitudes - 1);
    expect(after.solicitudes_por_estado.Pendiente).toBe(before.solicitudes_por_estado.Pendiente - 1);
    expect(after).toEqual(expectedGenerales('admin'));
  });
});

describe('shared helpers', () => {
  it('agree with the SQL rules', () => {
    expect(esCompletada('Aprobado')).toBe(true);
    expect(esCompletada('rechazado')).toBe(true);
    expect(esCompletada('En estudio')).toBe(false);
    expect(rangoIngreso(1_000_000)).toBe('$ 1.000.000 - $ 2.000.000');
    expect(rangoIngreso(null)).toBe('Sin información');
    expect(promedio(1, 3)).toBe(0.3);
    expect(diaColombia('2026-01-02T04:59:00Z')).toBe('2026-01-01');
  });
});
