/**
 * Demo data (ARCHITECTURE.md §4): two companies, seven users with password demo1234, applications
 * over all eight statuses, banks and cities over the last 90 days, field schemas, notifications and
 * tracking stages. Seeding runs only on an empty database and writes in batches; `seq` values are
 * assigned in bulk and the company counter is set once at the end.
 */
import { count, eq } from 'drizzle-orm';
import type { Db } from './client';
import {
  actividadEconomica,
  categorias,
  definiciones,
  empresas,
  estadosEmpresa,
  informacionFinanciera,
  notificaciones,
  observaciones,
  referencias,
  seguimientoEtapas,
  seguimientoHistorial,
  solicitantes,
  solicitudes,
  ubicaciones,
  usuarios,
} from './schema';
import { hashPassword } from '../lib/password';
import { newRadicado, uuidv7 } from '../../../src/domain/ids';
import { ESTADOS_DEFAULT } from '../../../src/domain/estados';
import { ETAPAS, etapasParaEstado } from '../../../src/domain/seguimiento';
import {
  ACTIVIDADES,
  APELLIDOS,
  BANCOS,
  BARRIOS,
  CARGOS,
  CIUDADES,
  CONTRATOS,
  DEMO_DEFINITIONS,
  EMPRESAS,
  ESTADO_PESOS,
  NOMBRES,
  SECTORES,
  TIPOS_CREDITO,
} from './demo-data';

export const DEMO_PASSWORD = 'demo1234';

/** Deterministic PRNG (mulberry32) so demo data is the same on every machine. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    weighted: <T>(list: ReadonlyArray<[T, number]>): T => {
      const total = list.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [v, w] of list) if ((r -= w) < 0) return v;
      return list[list.length - 1][0];
    },
  };
}
type Rng = ReturnType<typeof rng>;

export async function isEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(empresas);
  return n === 0;
}

export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db);
  return true;
}

interface SeedUsers {
  admin: number;
  supervisor: number;
  manager: number;
  asesor: number;
  banco: number;
  user: number;
}

/** The demo companies' public contact (category 'contacto'). */
export const DEMO_CONTACTO = {
  demo: { telefono: '(601) 745 2300', whatsapp: '310 555 0142', correo: 'atencion@democreditos.co', horario: 'Lunes a viernes, 8:00 a. m. a 5:00 p. m.' },
  otra: { telefono: '(605) 330 1800', correo: 'servicio@otrafinanciera.co' },
};

export async function seedDemo(db: Db, opts: { applications?: number } = {}) {
  const hash = await hashPassword(DEMO_PASSWORD);
  const [demo] = await db
    .insert(empresas)
    .values({ nombre: 'Demo Créditos', imagen: '/logo-demo.svg' })
    .returning();
  const [otra] = await db
    .insert(empresas)
    .values({ nombre: 'Otra Financiera', imagen: '/logo-otra.svg' })
    .returning();

  const mk = (empresaId: number, nombre: string, apellido: string, correo: string, cedula: string, rol: string, info: Record<string, string> = {}) => ({
    empresaId,
    nombre,
    apellido,
    correo,
    cedula,
    rol,
    passwordHash: hash,
    infoExtra: info,
    seq: 1,
  });
  const inserted = await db
    .insert(usuarios)
    .values([
      mk(demo.id, 'Adriana', 'Mejía', 'admin@demo.co', '1020304050', 'admin', { ciudad: 'Bogotá' }),
      mk(demo.id, 'Sergio', 'Patiño', 'supervisor@demo.co', '79854123', 'supervisor', { ciudad: 'Medellín' }),
      mk(demo.id, 'Marta', 'Villegas', 'manager@demo.co', '52369874', 'manager', { ciudad: 'Bogotá' }),
      mk(demo.id, 'Andrés', 'Cifuentes', 'asesor@demo.co', '1098765432', 'asesor', { ciudad: 'Bucaramanga', linea_credito: 'hipotecario' }),
      mk(demo.id, 'Beatriz', 'Londoño', 'banco@demo.co', '43567890', 'banco', { banco_nombre: 'Bancolombia', ciudad: 'Medellín' }),
      mk(demo.id, 'Ulises', 'Ramírez', 'user@demo.co', '80123456', 'user', { ciudad: 'Cali' }),
      mk(otra.id, 'Olga', 'Restrepo', 'admin@otra.co', '1122334455', 'admin', { ciudad: 'Barranquilla' }),
    ])
    .returning({ id: usuarios.id, correo: usuarios.correo });
  const id = (correo: string) => inserted.find((u) => u.correo === correo)!.id;
  const demoUsers: SeedUsers = {
    admin: id('admin@demo.co'),
    supervisor: id('supervisor@demo.co'),
    manager: id('manager@demo.co'),
    asesor: id('asesor@demo.co'),
    banco: id('banco@demo.co'),
    user: id('user@demo.co'),
  };
  const otraAdmin = id('admin@otra.co');

  for (const e of [demo, otra]) {
    await db.insert(estadosEmpresa).values({ empresaId: e.id, estados: e.id === otra.id ? ESTADOS_OTRA : [...ESTADOS_DEFAULT], seq: 1 });
    await db.insert(categorias).values([
      { empresaId: e.id, categoria: 'ciudades', descripcion: 'Ciudades donde opera la empresa', configuracion: CIUDADES.map(([c]) => c), seq: 1 },
      { empresaId: e.id, categoria: 'bancos', descripcion: 'Bancos aliados', configuracion: BANCOS, seq: 1 },
      // What the public tracking page shows applicants (src/domain/empresa-contacto.ts).
      { empresaId: e.id, categoria: 'contacto', descripcion: 'Contacto para los solicitantes', configuracion: DEMO_CONTACTO[e.id === otra.id ? 'otra' : 'demo'], seq: 1 },
    ]);
    await db.insert(definiciones).values(
      DEMO_DEFINITIONS.flatMap((group) =>
        group.fields.map((f, i) => ({
          empresaId: e.id,
          entity: group.entity,
          jsonColumn: group.json_column,
          key: f.key,
          type: f.type,
          required: f.required ?? false,
          description: f.description ?? null,
          defaultValue: f.default_value ?? null,
          orderIndex: f.order_index ?? i + 1,
          listValues: f.list_values ?? null,
          conditionalOn: f.conditional_on ?? null,
          seq: 1,
        })),
      ),
    );
    await db.update(empresas).set({ changeSeq: 1 }).where(eq(empresas.id, e.id));
  }

  const r = rng(20261121);
  const demoCount = Math.max(opts.applications ?? 0, 160);
  await insertApplications(db, demo.id, demoCount, r, demoUsers);
  await insertApplications(db, otra.id, 24, r, {
    admin: otraAdmin,
    supervisor: otraAdmin,
    manager: otraAdmin,
    asesor: otraAdmin,
    banco: otraAdmin,
    user: otraAdmin,
  });
  return { demo, otra, users: demoUsers, otraAdmin };
}

/** The second company's status list, a process of its own: the eight defaults plus a bank step. */
export const ESTADOS_OTRA = [...ESTADOS_DEFAULT.slice(0, 2), 'Radicado en banco', ...ESTADOS_DEFAULT.slice(2)];

/** Adds `n` applications to a company, in batches, with their blocks, stages and notifications. */
const DAY_MS = 86_400_000;

export async function insertApplications(db: Db, empresaId: number, n: number, r: Rng, users: SeedUsers) {
  const [empresa] = await db.select().from(empresas).where(eq(empresas.id, empresaId));
  let seq = empresa.changeSeq;
  const now = Date.now();
  const BATCH = 250;
  for (let start = 0; start < n; start += BATCH) {
    const size = Math.min(BATCH, n - start);
    const sol: (typeof solicitantes.$inferInsert)[] = [];
    const ubi: (typeof ubicaciones.$inferInsert)[] = [];
    const act: (typeof actividadEconomica.$inferInsert)[] = [];
    const fin: (typeof informacionFinanciera.$inferInsert)[] = [];
    const refs: (typeof referencias.$inferInsert)[] = [];
    const apps: (typeof solicitudes.$inferInsert)[] = [];
    const obs: (typeof observaciones.$inferInsert)[] = [];
    const notifs: (typeof notificaciones.$inferInsert)[] = [];
    const stages: Array<{ app: string; estado: string; created: number; span: number }> = [];
    for (let i = 0; i < size; i++) {
      const k = start + i;
      // Ensure every status appears: the first eight take one status each.
      const estado = k < ESTADOS_DEFAULT.length ? ESTADOS_DEFAULT[k] : r.weighted(ESTADO_PESOS);
      const created = now - r.int(0, 89 * 24 * 60) * 60_000 - r.int(0, 59_000);
      const createdIso = new Date(created).toISOString();
      // The tracking stages move a day apart, or closer for a recent application, so that every
      // date is in the past; the application was last updated by its last stage.
      const span = Math.min(DAY_MS, Math.floor((now - created) / 4));
      const updatedIso = new Date(created + ETAPAS.length * span).toISOString();
      const solicitanteId = uuidv7(created);
      const solicitudId = uuidv7(created + 1);
      const nombres = r.next() < 0.3 ? `${r.pick(NOMBRES)} ${r.pick(NOMBRES)}` : r.pick(NOMBRES);
      const ap1 = r.pick(APELLIDOS);
      const ap2 = r.pick(APELLIDOS);
      const [ciudad, departamento] = r.pick(CIUDADES);
      const banco = k % 5 === 0 ? 'Bancolombia' : r.pick(BANCOS);
      const celular = `3${r.int(0, 2)}${r.int(0, 9)}${r.int(1000000, 9999999)}`;
      const documento = String(r.int(10_000_000, 1_199_999_999));
      const correo = `${nombres.split(' ')[0]}.${ap1}${r.int(1, 99)}@correo.co`
        .toLowerCase()
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '');
      const actividad = r.pick(ACTIVIDADES);
      const ingreso = r.int(15, 120) * 100_000;
      const egreso = Math.round(ingreso * (0.3 + r.next() * 0.4));
      const tipo = r.pick(TIPOS_CREDITO);
      const monto = r.int(10, 400) * 1_000_000;
      // Who owns it: the advisor creates about a third; user@demo.co is assigned a few.
      const bucket = k % 12;
      const creator = bucket < 4 ? users.asesor : bucket < 8 ? users.admin : users.supervisor;
      const assigned = bucket === 9 ? users.user : creator;
      sol.push({
        id: solicitanteId,
        empresaId,
        nombres,
        primerApellido: ap1,
        segundoApellido: ap2,
        correo,
        numeroDocumento: documento,
        tipoIdentificacion: r.next() < 0.92 ? 'CC' : 'CE',
        fechaNacimiento: `${r.int(1960, 2004)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
        genero: r.pick(['M', 'F']),
        infoExtra: {
          celular,
          telefono: `60${r.int(1, 8)}${r.int(1000000, 9999999)}`,
          estado_civil: r.pick(['Soltero', 'Casado', 'Unión Libre', 'Divorciado']),
          personas_a_cargo: r.int(0, 4),
          nacionalidad: 'Colombiana',
        },
        createdAt: createdIso,
        updatedAt: createdIso,
      });
      ubi.push({
        id: uuidv7(created + 2),
        empresaId,
        solicitanteId,
        ciudadResidencia: ciudad,
        departamentoResidencia: departamento,
        barrio: r.pick(BARRIOS),
        estrato: r.int(1, 6),
        detalleDireccion: {
          direccion_residencia: `Calle ${r.int(1, 180)} # ${r.int(1, 99)}-${r.int(1, 99)}`,
          tipo_vivienda: r.pick(['Propia', 'Arrendada', 'Familiar']),
          celular,
        },
      });
      act.push({
        id: uuidv7(created + 3),
        empresaId,
        solicitanteId,
        tipoActividad: actividad,
        sectorEconomico: r.pick(SECTORES),
        cargoActual: actividad === 'Empleado' ? r.pick(CARGOS) : null,
        tipoContrato: actividad === 'Empleado' ? r.pick(CONTRATOS) : null,
        detalleActividad:
          actividad === 'Empleado'
            ? { tipo_actividad_economica: actividad, empresa: r.pick(EMPRESAS), cargo: r.pick(CARGOS) }
            : { tipo_actividad_economica: actividad },
      });
      fin.push({
        id: uuidv7(created + 4),
        empresaId,
        solicitanteId,
        totalIngresosMensuales: ingreso,
        totalEgresosMensuales: egreso,
        totalActivos: ingreso * r.int(5, 60),
        totalPasivos: egreso * r.int(1, 20),
        detalleFinanciera: { ingreso_basico_mensual: ingreso, declara_renta: ingreso > 5_000_000 },
      });
      const nRefs = r.int(0, 2);
      for (let j = 0; j < nRefs; j++) {
        refs.push({
          id: uuidv7(created + 5 + j),
          empresaId,
          solicitanteId,
          tipoReferencia: j === 0 ? 'familiar' : 'personal',
          detalleReferencia: {
            nombre: `${r.pick(NOMBRES)} ${r.pick(APELLIDOS)}`,
            celular: `3${r.int(100000000, 229999999)}`,
            relacion: j === 0 ? r.pick(['Hermano', 'Madre', 'Padre', 'Tía']) : 'Amigo',
            ciudad,
          },
          createdAt: createdIso,
        });
      }
      const radicado = newRadicado();
      apps.push({
        id: solicitudId,
        empresaId,
        solicitanteId,
        radicado,
        estado,
        bancoNombre: banco,
        ciudadSolicitud: ciudad,
        tipoCredito: tipo,
        detalleCredito: { tipo_credito: tipo, monto_solicitado: monto, plazo_meses: r.pick([12, 24, 36, 48, 60, 120, 180, 240]) },
        createdByUserId: creator,
        assignedToUserId: assigned,
        createdByUserEmail: null,
        seq: ++seq,
        createdAt: createdIso,
        updatedAt: updatedIso,
      });
      if (r.next() < 0.5) {
        obs.push({
          id: uuidv7(created + 9),
          empresaId,
          solicitudId,
          tipo: 'comentario',
          observacion: r.pick([
            'Cliente envió extractos bancarios.',
            'Se solicitó certificado laboral actualizado.',
            'Llamada de verificación realizada.',
            'Pendiente confirmar referencias.',
          ]),
          usuarioId: creator,
          usuarioNombre: null,
          fechaCreacion: new Date(created + 3_600_000).toISOString(),
        });
      }
      if (k < 40 && k % 2 === 0) {
        notifs.push({
          id: uuidv7(created + 10),
          empresaId,
          solicitudId,
          usuarioId: null,
          tipo: r.pick(['revisar_documentos', 'contactar_cliente', 'seguimiento_credito', 'aprobar_solicitud']),
          titulo: r.pick(['Revisar documentos del cliente', 'Contactar al cliente', 'Seguimiento de crédito', 'Aprobar solicitud']),
          mensaje: `Solicitud ${radicado} de ${nombres} ${ap1} ${ap2}: revisar el estado y continuar el trámite.`,
          datosAdicionales: { solicitud_id: solicitudId, radicado, nombre_cliente: `${nombres} ${ap1} ${ap2}` },
          prioridad: r.pick(['baja', 'normal', 'alta', 'urgente']),
          estado: k % 6 === 0 ? 'leida' : 'pendiente',
          metadata: { accion_requerida: 'revisar_documentos', estado_actual: 'pendiente_revision' },
          seq: ++seq,
          createdAt: createdIso,
          updatedAt: createdIso,
        });
      }
      stages.push({ app: solicitudId, estado, created, span });
    }
    await db.transaction(async (tx) => {
      await tx.insert(solicitantes).values(sol);
      await tx.insert(ubicaciones).values(ubi);
      await tx.insert(actividadEconomica).values(act);
      await tx.insert(informacionFinanciera).values(fin);
      if (refs.length) await tx.insert(referencias).values(refs);
      await tx.insert(solicitudes).values(apps);
      if (obs.length) await tx.insert(observaciones).values(obs);
      if (notifs.length) await tx.insert(notificaciones).values(notifs);
      await insertStages(tx as unknown as Db, empresaId, stages);
    });
  }
  await db.update(empresas).set({ changeSeq: seq }).where(eq(empresas.id, empresaId));
}

/**
 * Every application's three stages with the statuses its status implies (the domain mapping), and
 * their history: 'Etapa iniciada', then the analyst's update for a stage that moved on.
 */
async function insertStages(db: Db, empresaId: number, apps: Array<{ app: string; estado: string; created: number; span: number }>) {
  if (!apps.length) return;
  const values = apps.flatMap(({ app, estado, created, span }) => {
    const flow = etapasParaEstado(estado) ?? etapasParaEstado('Pendiente')!;
    return ETAPAS.map((etapa, i) => ({
      empresaId,
      solicitudId: app,
      etapa,
      orden: i + 1,
      estado: flow[etapa],
      comentarios: flow[etapa] === 'Pendiente información adicional' ? 'Falta el certificado laboral.' : null,
      fechaActualizacion: new Date(created + (i + 1) * span).toISOString(),
    }));
  });
  const spanOf = new Map(apps.map((a) => [a.app, a.span]));
  const rows = await db
    .insert(seguimientoEtapas)
    .values(values)
    .returning({ id: seguimientoEtapas.id, estado: seguimientoEtapas.estado });
  // A multi-row insert returns its rows in the order of its values.
  await db.insert(seguimientoHistorial).values(
    rows.flatMap((row, i) => {
      const updated = Date.parse(values[i].fechaActualizacion);
      const span = spanOf.get(values[i].solicitudId)!;
      const h = [{ etapaId: row.id, estado: 'Pendiente', comentario: 'Etapa iniciada', fecha: new Date(updated - span).toISOString() }];
      if (row.estado !== 'Pendiente') h.push({ etapaId: row.id, estado: row.estado, comentario: 'Actualización del analista', fecha: new Date(updated).toISOString() });
      return h;
    }),
  );
}
