/**
 * Shared set-up of the security suites (matrix.test.ts, fuzz.test.ts): every role in both
 * companies (company 2's extra users are inserted here), per company an application every role
 * sees ('shared') and one only admin, supervisor and manager see ('hidden'), each with a
 * reference, a document, a notification and an observation; database fingerprints; and the
 * identifying values of each company for the leak check.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { bearer, type TestContext } from './helpers';
import { definiciones, empresas, usuarios } from '../../server/src/db/schema';
import { ROLES, type Role } from '../../src/domain/roles';

export type Company = 1 | 2;
export interface Actor {
  company: Company;
  role: Role;
  id: number;
  nombre: string;
  correo: string;
  cedula: string;
  token: string;
  label: string;
}

/** Objects of one company; `hidden` ones are outside the sight of asesor, banco and user. */
export interface Target {
  company: Company;
  solicitudId: string;
  solicitanteId: string;
  radicado: string;
  referenciaId: string;
  documentoId: string;
  /** A document the applicant uploaded through the tracking page (seeded targets only: they have stages). */
  archivoId?: string;
  notificacionId: string;
  observacionId: string;
  usuarioId: number;
  categoria: string;
  definicionId: number;
  definicionKey: string;
}

export interface CompanyFixture {
  company: Company;
  empresaId: number;
  admin: Actor;
  shared: Target;
  hidden: Target;
}

export interface SecurityWorld {
  ctx: TestContext;
  actors: Actor[];
  actor(company: Company, role: Role): Actor;
  fx: Record<Company, CompanyFixture>;
  /** Identifying values of each company that never appear in the other company's data. */
  secrets: Record<Company, Set<string>>;
  /** Identifying values of the hidden target (what asesor, banco and user must never get). */
  hiddenSecrets: Record<Company, Set<string>>;
  /** A new target in a company (new application with its objects, user, category, field). */
  freshTarget(company: Company, visibility: 'shared' | 'hidden'): Promise<Target>;
}

export const PASSWORD = 'demo1234';
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const RESTRICTED: readonly Role[] = ['asesor', 'banco', 'user'];
export const other = (c: Company): Company => (c === 1 ? 2 : 1);

/** POST /api/solicitudes/'s body for another application of an existing applicant, to `banco`. */
export const otraSolicitudBody = (solicitanteId: string, banco: string) => ({
  solicitante_id: solicitanteId,
  banco_nombre: banco,
  ciudad_solicitud: 'Cali',
  tipo_credito: 'hipotecario',
  monto_solicitado: '180000000',
  plazo_meses: '240',
  acepta_terminos: true,
  acepta_firma: true,
});

/** POST /api/solicitantes/'s body (the spec's legacy create) for a new applicant, with a fresh document. */
export const legacyApplicantBody = (extra: Record<string, unknown> = {}) => ({
  nombres: 'Mariana',
  primer_apellido: 'Restrepo',
  tipo_identificacion: 'CC',
  numero_documento: String(1_000_000_000 + Math.floor(Math.random() * 1e8)),
  fecha_nacimiento: '1988-07-21',
  genero: 'F',
  correo: 'mariana.restrepo@correo.co',
  celular: '3104567890',
  ...extra,
});

/** A multipart body for inject: fields, then files. */
export function multipart(fields: Record<string, string>, files: Array<{ field: string; name: string; data: Buffer; type?: string }>) {
  const boundary = `----radica${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [k, val] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${val}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function rows<T>(ctx: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tables of the public schema (drizzle's own bookkeeping lives in another schema). */
export async function tableNames(ctx: TestContext): Promise<Array<{ name: string; hasEmpresa: boolean }>> {
  const list = await rows<{ name: string; has_empresa: boolean }>(
    ctx,
    sql`select t.table_name as name,
          exists (select 1 from information_schema.columns c
                  where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'empresa_id') as has_empresa
        from information_schema.tables t
        where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by t.table_name`,
  );
  return list.map((r) => ({ name: r.name, hasEmpresa: r.has_empresa }));
}

/**
 * One md5 per table over every row's text, in a stable order: equal fingerprints mean byte-equal
 * tables. With `empresaId`, only the tables with an empresa_id column, and only that company's rows.
 */
export async function fingerprint(ctx: TestContext, opts: { empresaId?: number; exclude?: readonly string[] } = {}) {
  const tables = (await tableNames(ctx)).filter(
    (t) => !opts.exclude?.includes(t.name) && (opts.empresaId === undefined || t.hasEmpresa),
  );
  const where = opts.empresaId === undefined ? '' : ` where x.empresa_id = ${Number(opts.empresaId)}`;
  const query = tables
    .map((t) => `select '${t.name}' as t, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h from "${t.name}" x${where}`)
    .join(' union all ');
  const out = await rows<{ t: string; h: string }>(ctx, sql.raw(query));
  return Object.fromEntries(out.map((r) => [r.t, r.h])) as Record<string, string>;
}

/** Every table's rows, ordered, as JSON text (for a readable diff when a fingerprint differs). */
export async function dumpTables(ctx: TestContext, names: readonly string[]) {
  const out: Record<string, string[]> = {};
  for (const n of names) {
    out[n] = (await rows<{ r: string }>(ctx, sql.raw(`select x::text as r from "${n}" x order by x::text`))).map((r) => r.r);
  }
  return out;
}

export interface AuditState {
  count: number;
  maxId: number;
  hash: string;
}

/** The audit trail's size and hash; `prev` also hashes the rows that existed then, to prove them unchanged. */
export async function auditState(ctx: TestContext, prev?: AuditState): Promise<AuditState & { prevHash: string }> {
  const upTo = prev ? prev.maxId : 0;
  const [r] = await rows<{ n: number; m: number; h: string; p: string }>(
    ctx,
    sql.raw(`select count(*)::int as n, coalesce(max(id), 0)::bigint as m,
      md5(coalesce(string_agg(a::text, E'\\n' order by id), '')) as h,
      md5(coalesce(string_agg(a::text, E'\\n' order by id) filter (where id <= ${Number(upTo)}), '')) as p
      from auditoria a`),
  );
  return { count: Number(r.n), maxId: Number(r.m), hash: r.h, prevHash: r.p };
}

const UUID_G = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const RAD_G = /RAD-[A-Z0-9]{8}/gi;
const EMAIL_G = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const QUOTED_G = /"((?:[^"\\]|\\.){1,300})"/g;
const DIGITS_G = /\d{6,12}/g;

/** Identifying tokens of a body (ids, filing numbers, e-mails, quoted strings, digit runs), lower-cased. */
export function tokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const re of [UUID_G, RAD_G, EMAIL_G, DIGITS_G]) for (const m of text.matchAll(re)) out.add(m[0].toLowerCase());
  for (const m of text.matchAll(QUOTED_G)) out.add(m[1].toLowerCase());
  return out;
}

/** Secret values of `secrets` found in the response and absent from the request (an echo leaks nothing). */
export function leaked(secrets: Set<string>, res: LightMyRequestResponse, req: InjectOptions): string[] {
  const found = tokens(res.body);
  const asked = JSON.stringify([req.url, req.query, Buffer.isBuffer(req.payload) ? req.payload.toString('latin1') : req.payload]).toLowerCase();
  return [...found].filter((s) => secrets.has(s) && !asked.includes(s));
}

export async function createSecurityWorld(ctx: TestContext): Promise<SecurityWorld> {
  const db = ctx.database.db;
  const empresaIds: Record<Company, number> = { 1: ctx.seeded.demo.id, 2: ctx.seeded.otra.id };
  const [otraAdmin] = await db.select().from(usuarios).where(eq(usuarios.correo, 'admin@otra.co'));

  // Company 2 has only an admin in the seed: add one user per other role (same password hash).
  const extra: Array<[Role, string, string, Record<string, string>]> = [
    ['supervisor', 'Samuel Otálora', '70111222', {}],
    ['manager', 'Mónica Otero', '70111333', {}],
    ['asesor', 'Arturo Ospina', '70111444', {}],
    ['banco', 'Bárbara Ortega', '70111555', { banco_nombre: 'Bancolombia' }],
    ['user', 'Ulrico Orozco', '70111666', {}],
  ];
  await db.insert(usuarios).values(
    extra.map(([rol, nombre, cedula, info]) => ({
      empresaId: empresaIds[2],
      nombre,
      apellido: null,
      correo: `${rol}@otra.co`,
      cedula,
      rol,
      passwordHash: otraAdmin.passwordHash,
      infoExtra: info,
      seq: 1,
    })),
  );

  const actors: Actor[] = [];
  for (const company of [1, 2] as const) {
    for (const role of ROLES) {
      const correo = `${role}@${company === 1 ? 'demo' : 'otra'}.co`;
      const [u] = await db.select().from(usuarios).where(eq(usuarios.correo, correo));
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: correo, password: PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`login ${correo}: ${res.body}`);
      actors.push({ company, role, id: u.id, nombre: u.nombre, correo, cedula: u.cedula, token: res.json().access_token, label: `${role}@empresa${company}` });
    }
  }
  const actor = (company: Company, role: Role) => actors.find((a) => a.company === company && a.role === role)!;

  const call = async (a: Actor, opts: InjectOptions, expected = [200, 201]) => {
    const res = await ctx.app.inject({ ...opts, headers: { ...bearer(a.token), ...(opts.headers ?? {}) } });
    if (!expected.includes(res.statusCode)) throw new Error(`${opts.method} ${opts.url} as ${a.label}: ${res.statusCode} ${res.body}`);
    return res;
  };

  const ownerOf = async (company: Company, solicitudId: string, visibility: 'shared' | 'hidden') => {
    const as = (r: Role) => actor(company, r).id;
    // shared: created by the asesor, assigned to the user, for the banco's bank; hidden: none of theirs.
    const [creator, assigned, bank] =
      visibility === 'shared' ? [as('asesor'), as('user'), 'Bancolombia'] : [as('admin'), as('admin'), 'Davivienda'];
    await db.execute(
      sql`update solicitudes set created_by_user_id = ${creator}, assigned_to_user_id = ${assigned}, banco_nombre = ${bank} where id = ${solicitudId}`,
    );
  };

  let n = 0;
  /** The objects hanging from an application, made through the API by the company's admin. */
  const decorate = async (company: Company, sol: { id: string; solicitanteId: string; radicado: string }): Promise<Target> => {
    const admin = actor(company, 'admin');
    n += 1;
    const ref = await call(admin, {
      method: 'POST',
      url: '/api/referencias',
      payload: { solicitud_id: sol.id, tipo_referencia: 'personal', detalle_referencia: { nombre: `Referencia ${n}`, celular: '3001112233' } },
    });
    const up = multipart({ solicitud_id: sol.id, id: randomUUID() }, [{ field: 'file', name: `soporte-${n}.pdf`, data: PDF }]);
    const doc = await call(admin, { method: 'POST', url: '/api/documentos', ...up });
    const notif = await call(admin, {
      method: 'POST',
      url: '/api/notificaciones',
      payload: { titulo: `Revisar ${n}`, mensaje: 'Revisar los documentos', tipo: 'revisar_documentos', solicitud_id: sol.id, metadata: { accion_requerida: 'revisar_documentos', estado_actual: 'pendiente_revision' } },
    });
    const obs = await call(admin, { method: 'POST', url: `/api/solicitudes/${sol.id}/observaciones`, payload: { observacion: `Nota ${n}` } });
    const [victim] = await db
      .insert(usuarios)
      .values({
        empresaId: empresaIds[company],
        nombre: `Usuario Objetivo ${company}-${n}`,
        correo: `objetivo${n}.${randomUUID().slice(0, 8)}@empresa${company}.co`,
        cedula: `9${company}${String(n).padStart(6, '0')}`,
        rol: 'asesor',
        passwordHash: otraAdmin.passwordHash,
        infoExtra: {},
        seq: 1,
      })
      .returning();
    const categoria = `solo_empresa_${company}_${n}`;
    await call(admin, { method: 'POST', url: `/api/configuraciones/${categoria}`, payload: { descripcion: 'Lista de prueba', configuracion: ['a', 'b'] } });
    const definicionKey = `campo_prueba_${company}_${n}`;
    await call(admin, {
      method: 'POST',
      url: '/api/json/definitions/referencia/detalle_referencia',
      payload: { definitions: [{ key: definicionKey, type: 'string', description: 'Campo de prueba' }] },
    });
    const [def] = await db
      .select()
      .from(definiciones)
      .where(and(eq(definiciones.empresaId, empresaIds[company]), eq(definiciones.key, definicionKey), isNull(definiciones.deletedAt)));
    return {
      company,
      solicitudId: sol.id,
      solicitanteId: sol.solicitanteId,
      radicado: sol.radicado,
      referenciaId: ref.json().data.id,
      documentoId: doc.json().data.id,
      notificacionId: notif.json().data.id,
      observacionId: (obs.json().data.id ?? obs.json().data.observacion_id) as string,
      usuarioId: victim.id,
      categoria,
      definicionId: def.id,
      definicionKey,
    };
  };

  /** Fixed targets: seeded open applications (tracking stages, documents taken), re-owned. */
  const seededTarget = async (company: Company, visibility: 'shared' | 'hidden', skip: number) => {
    const [row] = await rows<{ id: string; solicitante_id: string; radicado: string }>(
      ctx,
      sql`select s.id, s.solicitante_id, s.radicado from solicitudes s
          where s.empresa_id = ${empresaIds[company]} and s.deleted_at is null
            and (select count(*) from referencias r where r.solicitante_id = s.solicitante_id) < 2
            and exists (select 1 from seguimiento_etapas e where e.solicitud_id = s.id)
            and s.estado not in ('Negado', 'Rechazado', 'Desistido', 'Pagado')
          order by s.id offset ${skip} limit 1`,
    );
    await ownerOf(company, row.id, visibility);
    const target = await decorate(company, { id: row.id, solicitanteId: row.solicitante_id, radicado: row.radicado });
    const archivoId = randomUUID();
    const up = multipart({ id_radicado: row.radicado, upload_id: archivoId }, [{ field: 'archivos', name: `extracto-${company}.pdf`, data: PDF }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/seguimiento/actualizar-documentos', ...up });
    if (res.statusCode !== 200) throw new Error(`tracking upload: ${res.statusCode} ${res.body}`);
    return { ...target, archivoId };
  };

  const freshTarget = async (company: Company, visibility: 'shared' | 'hidden') => {
    const admin = actor(company, 'admin');
    const solicitudId = randomUUID();
    const solicitanteId = randomUUID();
    const res = await call(admin, {
      method: 'POST',
      url: '/api/solicitantes/crear-registro-completo',
      payload: freshRecordBody({ solicitudId, solicitanteId }),
    });
    await ownerOf(company, solicitudId, visibility);
    return decorate(company, { id: solicitudId, solicitanteId, radicado: res.json().data.radicado });
  };

  const fx = {} as Record<Company, CompanyFixture>;
  for (const company of [1, 2] as const) {
    fx[company] = {
      company,
      empresaId: empresaIds[company],
      admin: actor(company, 'admin'),
      shared: await seededTarget(company, 'shared', 3),
      hidden: await seededTarget(company, 'hidden', 5),
    };
  }

  // Identifying values per company, minus any value both companies share.
  const values = async (empresaId: number) => {
    const out = new Set<string>();
    const add = (x: unknown) => x !== null && x !== undefined && String(x).trim() && out.add(String(x).toLowerCase());
    for (const t of ['solicitudes', 'solicitantes', 'notificaciones', 'referencias', 'observaciones', 'documentos', 'ubicaciones', 'actividad_economica', 'informacion_financiera']) {
      for (const r of await rows<{ id: string }>(ctx, sql.raw(`select id::text as id from "${t}" where empresa_id = ${empresaId}`))) add(r.id);
    }
    for (const r of await rows<{ radicado: string }>(ctx, sql`select radicado from solicitudes where empresa_id = ${empresaId}`)) add(r.radicado);
    for (const r of await rows<{ d: string; c: string }>(ctx, sql`select numero_documento as d, correo as c from solicitantes where empresa_id = ${empresaId}`)) {
      add(r.d);
      add(r.c);
    }
    for (const u of await db.select().from(usuarios).where(eq(usuarios.empresaId, empresaId))) {
      add(u.correo);
      add(u.cedula);
    }
    const [e] = await db.select().from(empresas).where(eq(empresas.id, empresaId));
    add(e.nombre);
    for (const c of await rows<{ c: string }>(ctx, sql`select categoria as c from categorias where empresa_id = ${empresaId}`)) add(c.c);
    return out;
  };
  const v1 = await values(empresaIds[1]);
  const v2 = await values(empresaIds[2]);
  const secrets: Record<Company, Set<string>> = {
    1: new Set([...v1].filter((x) => !v2.has(x))),
    2: new Set([...v2].filter((x) => !v1.has(x))),
  };
  const hiddenOf = (t: Target) =>
    new Set([t.solicitudId, t.solicitanteId, t.radicado, t.referenciaId, t.documentoId, t.notificacionId, t.observacionId].map((x) => x.toLowerCase()));
  return { ctx, actors, actor, fx, secrets, hiddenSecrets: { 1: hiddenOf(fx[1].hidden), 2: hiddenOf(fx[2].hidden) }, freshTarget };
}

/** A minimal complete record in the spec's body shape, valid for the seeded definitions. */
export function freshRecordBody(ids: { solicitudId?: string; solicitanteId?: string } = {}) {
  return {
    solicitante: {
      id: ids.solicitanteId ?? randomUUID(),
      nombres: 'Laura',
      primer_apellido: 'Gómez',
      tipo_identificacion: 'CC',
      numero_documento: String(1_000_000_000 + Math.floor(Math.random() * 1e8)),
      fecha_nacimiento: '1990-04-12',
      genero: 'F',
      correo: 'laura@correo.co',
      celular: '3001234567',
      personas_a_cargo: '2',
    },
    ubicaciones: [{ departamento_residencia: 'Atlántico', ciudad_residencia: 'Soledad', direccion_residencia: 'Calle 10 # 5-20', estrato: '3' }],
    actividad_economica: { tipo_actividad: 'Empleado', tipo_actividad_economica: 'Empleado', empresa: 'ACME' },
    informacion_financiera: { ingreso_basico_mensual: '3500000', total_ingresos_mensuales: '3500000' },
    referencias: [],
    solicitudes: [
      {
        id: ids.solicitudId ?? randomUUID(),
        banco_nombre: 'Bancolombia',
        ciudad_solicitud: 'Barranquilla',
        tipo_credito: 'hipotecario',
        monto_solicitado: '150000000',
        plazo_meses: '180',
      },
    ],
    acepta_terminos: true,
    acepta_firma: true,
  };
}

/** The keys of a company's live definitions in one group, in order (for a valid reorder body). */
export async function groupKeys(ctx: TestContext, empresaId: number, entity: string) {
  const list = await ctx.database.db
    .select({ key: definiciones.key })
    .from(definiciones)
    .where(and(eq(definiciones.empresaId, empresaId), eq(definiciones.entity, entity), isNull(definiciones.deletedAt)))
    .orderBy(asc(definiciones.orderIndex), asc(definiciones.id));
  return list.map((d) => d.key);
}
