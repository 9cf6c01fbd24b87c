/**
 * 'Descargar Ventas' (spec 01 §7 `POST descargar-ventas/`). Invariants: the CSV holds only
 * applications the user may see in its company, is built by src/domain/csv.ts (';'-separated with
 * a UTF-8 BOM for Excel in Spanish (Colombia), formula characters neutralised); dates are the
 * Colombian day as dd/mm/yyyy, amounts plain integers, the credit line as the screens read it
 * ('Consumo', 'Libre inversión'). After the 13 columns come the company's own configured fields
 * (Configuración › Campos), one column each, headed by its label and read as the screens read it
 * ('Sí'/'No', dd/mm/yyyy, the option's label): a field an administrator added is in the export.
 * (The e-mail outbox moved to modules/email/outbox.ts.)
 *
 * The file is streamed, not built whole (at 50,000 applications, 4.4 MB held the event loop for
 * 1-1.6 s, every other request waiting): `ventasStream` writes it page by page (VENTAS_PAGE rows),
 * yielding to the event loop between pages, and is one consistent snapshot either way:
 * - PostgreSQL: keyset pages (created_at desc, id desc) inside ONE read-only REPEATABLE READ
 *   transaction on its own pooled connection, so other requests use other connections meanwhile.
 * - PGlite: one connection for the whole server, whose transaction takes it whole: one held across
 *   yields would make every other request's queries wait for the whole download. So the same keyset
 *   pages are read each on its own, between the company's `change_seq` read before and after (every
 *   write of the company's data bumps it, db/change-seq.ts; PGlite runs one transaction at a time,
 *   so none is half-committed meanwhile). Unchanged, the pages are one snapshot and the file is
 *   sent; changed, they are read again, and after PGLITE_ATTEMPTS one statement (its own snapshot)
 *   reads them all as before. Nothing is sent before the rows are known consistent.
 * A failure after the first bytes destroys the stream: Fastify then ends the connection without
 * the final chunk, the browser's fetch fails and the screen says 'Error al descargar ventas', so a
 * truncated file is never saved as if complete.
 */
import { PGlite } from '@electric-sql/pglite';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { readSnapshot, type Db, type DbOrTx } from '../../db/client';
import { actividadEconomica, empresas, informacionFinanciera, solicitantes, solicitudes, ubicaciones } from '../../db/schema';
import { dynamicFieldsOf } from '../../../../src/domain/campos-fijos';
import { csvRecords } from '../../../../src/domain/csv';
import { diaColombia } from '../../../../src/domain/estadisticas';
import { fechaATexto } from '../../../../src/domain/fecha-texto';
import { ENTITY_TITLES, etiquetaSubcampo, parseListValues, type FieldType } from '../../../../src/domain/field-definition';
import { optionLabel } from '../../../../src/domain/opciones';
import { SINGLE_ENTITIES } from '../../../../src/domain/registro';
import { fullName } from '../../../../src/domain/solicitud';
import { fold } from '../../../../src/domain/text';
import { etiquetaDeCampo } from '../../../../src/domain/validacion';
import type { AuthUser } from '../../plugins/auth';
import { loadDefinitions } from '../formulario/schemas';
import { visibleSolicitudes } from '../solicitudes/visibility';

/** A sale is a credit the bank granted: approved, disbursed or paid. */
export const ESTADOS_VENTA = ['Aprobado', 'Desembolsado', 'Pagado'] as const;

export const VENTAS_HEADERS = [
  'Radicado',
  'Fecha',
  'Nombre',
  'Tipo Identificación',
  'Número Documento',
  'Correo',
  'Celular',
  'Ciudad',
  'Banco',
  'Tipo Crédito',
  'Monto Solicitado',
  'Plazo Meses',
  'Estado',
];

/** The Colombian day of an instant as dd/mm/yyyy (Excel in es-CO reads it as a date). */
export function fechaCsv(instant: string): string {
  const [y, m, d] = diaColombia(instant).split('-');
  return `${d}/${m}/${y}`;
}

/** A value of a JSON document as it goes in a cell: numbers as written, strings as they are, nothing else. */
const cell = (v: unknown): string | number => (typeof v === 'number' || typeof v === 'string' ? v : '');

/** The entities whose configured fields a sale can show: one of each per application (references are many). */
type EntidadVenta = (typeof SINGLE_ENTITIES)[number];

/** Configured keys one of the 13 columns already holds ('Celular', 'Tipo Crédito', 'Monto Solicitado', 'Plazo Meses'). */
const EN_COLUMNAS_FIJAS: Readonly<Partial<Record<EntidadVenta, readonly string[]>>> = {
  solicitante: ['celular'],
  solicitud: ['tipo_credito', 'monto_solicitado', 'plazo_meses'],
};

/** One configured field, or one sub-field of a configured group (`sub`), as a column of the sales CSV. */
export interface CampoVenta {
  entity: EntidadVenta;
  key: string;
  sub?: string;
  type: FieldType;
  header: string;
}

/**
 * The company's active configured fields as columns, in the form's order (entity by entity, then
 * order_index). A group of sub-fields gives one column per active sub-field, named as the form
 * names it ('Vehículo en garantía · Marca'). Files have no value a cell can hold, so they are left
 * out. A label that two columns would share gets its section: 'Celular (Ubicación)'.
 */
export function camposVentas(definitions: readonly unknown[]): CampoVenta[] {
  const campos: CampoVenta[] = [];
  for (const entity of SINGLE_ENTITIES) {
    for (const d of dynamicFieldsOf(entity, definitions)) {
      if (d.type === 'file' || EN_COLUMNAS_FIJAS[entity]?.includes(d.key)) continue;
      const header = d.description?.trim() || etiquetaDeCampo(d.key);
      if (d.type !== 'object') {
        campos.push({ entity, key: d.key, type: d.type, header });
        continue;
      }
      for (const sub of parseListValues(d.list_values).object_structure ?? []) {
        if (sub.isActive === false || !sub.key) continue;
        campos.push({ entity, key: d.key, sub: sub.key, type: sub.type, header: etiquetaSubcampo(header, sub) });
      }
    }
  }
  const uses = new Map<string, number>();
  for (const h of [...VENTAS_HEADERS, ...campos.map((c) => c.header)]) uses.set(fold(h), (uses.get(fold(h)) ?? 0) + 1);
  return campos.map((c) => ((uses.get(fold(c.header)) ?? 0) > 1 ? { ...c, header: `${c.header} (${ENTITY_TITLES[c.entity]})` } : c));
}

/** A configured field's stored value as the screens read it: 'Sí'/'No', dd/mm/yyyy, an option's label. */
export function celdaCampo(campo: Pick<CampoVenta, 'key' | 'sub' | 'type'>, value: unknown): string | number {
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (Array.isArray(value)) return value.map((v) => celdaCampo(campo, v)).filter((v) => v !== '').join(', ');
  if (typeof value !== 'string') return '';
  if (campo.type === 'date') return fechaATexto(value);
  return campo.type === 'array' && value.trim() ? optionLabel(campo.sub ?? campo.key, value) : value;
}

/** The value of a column's field (or sub-field) inside its section's JSON document. */
function valorCampo(campo: Pick<CampoVenta, 'key' | 'sub'>, json: unknown): unknown {
  const pick = (node: unknown, k: string) => (node && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>)[k] : undefined);
  const value = pick(json, campo.key);
  return campo.sub === undefined ? value : pick(value, campo.sub);
}

/** Rows per query and per chunk written to the response. */
export const VENTAS_PAGE = 1000;

/** One page of sales after `after` (the last row of the previous page), in the file's order. */
function salesQuery(db: DbOrTx, user: AuthUser, campos: CampoVenta[], after: { createdAt: string; id: string } | null, limit: number | null) {
  const dc = solicitudes.detalleCredito;
  const needs = (entity: EntidadVenta) => campos.some((c) => c.entity === entity);
  // Each JSON document is read only when a configured field lives in it; one row per applicant.
  const doc = (entity: EntidadVenta, source: ReturnType<typeof sql<unknown>>) => (needs(entity) ? source : sql<unknown>`null`);
  const query = db
    .select({
      id: solicitudes.id,
      radicado: solicitudes.radicado,
      createdAt: solicitudes.createdAt,
      nombres: solicitantes.nombres,
      primerApellido: solicitantes.primerApellido,
      segundoApellido: solicitantes.segundoApellido,
      tipoIdentificacion: solicitantes.tipoIdentificacion,
      numeroDocumento: solicitantes.numeroDocumento,
      correo: solicitantes.correo,
      celular: sql<unknown>`${solicitantes.infoExtra} -> 'celular'`,
      telefono: sql<unknown>`${solicitantes.infoExtra} -> 'telefono'`,
      celularDireccion: sql<unknown>`(select ${ubicaciones.detalleDireccion} -> 'celular' from ${ubicaciones} where ${ubicaciones.solicitanteId} = ${solicitantes.id} limit 1)`,
      ciudad: solicitudes.ciudadSolicitud,
      banco: solicitudes.bancoNombre,
      tipoCredito: solicitudes.tipoCredito,
      tipoCreditoDetalle: sql<unknown>`${dc} -> 'tipo_credito'`,
      monto: sql<unknown>`${dc} -> 'monto_solicitado'`,
      plazo: sql<unknown>`${dc} -> 'plazo_meses'`,
      estado: solicitudes.estado,
      solicitante: doc('solicitante', sql<unknown>`${solicitantes.infoExtra}`),
      ubicacion: doc(
        'ubicacion',
        sql<unknown>`(select ${ubicaciones.detalleDireccion} from ${ubicaciones} where ${ubicaciones.solicitanteId} = ${solicitantes.id} limit 1)`,
      ),
      actividad_economica: doc(
        'actividad_economica',
        sql<unknown>`(select ${actividadEconomica.detalleActividad} from ${actividadEconomica} where ${actividadEconomica.solicitanteId} = ${solicitantes.id} limit 1)`,
      ),
      informacion_financiera: doc(
        'informacion_financiera',
        sql<unknown>`(select ${informacionFinanciera.detalleFinanciera} from ${informacionFinanciera} where ${informacionFinanciera.solicitanteId} = ${solicitantes.id} limit 1)`,
      ),
      solicitud: doc('solicitud', sql<unknown>`${dc}`),
    })
    .from(solicitudes)
    .innerJoin(solicitantes, eq(solicitantes.id, solicitudes.solicitanteId))
    .where(
      and(
        visibleSolicitudes(user),
        inArray(solicitudes.estado, [...ESTADOS_VENTA]),
        isNull(solicitudes.deletedAt),
        after ? sql`(${solicitudes.createdAt}, ${solicitudes.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(solicitudes.createdAt), desc(solicitudes.id));
  return limit === null ? query : query.limit(limit);
}

type SaleRow = Awaited<ReturnType<typeof salesQuery>>[number];

function saleRecord(r: SaleRow, campos: CampoVenta[]): unknown[] {
  const tipoCredito = r.tipoCredito ?? r.tipoCreditoDetalle;
  return [
    r.radicado,
    r.createdAt ? fechaCsv(r.createdAt) : '',
    fullName({ nombres: r.nombres, primer_apellido: r.primerApellido, segundo_apellido: r.segundoApellido }),
    r.tipoIdentificacion,
    r.numeroDocumento,
    r.correo,
    cell(r.celular ?? r.celularDireccion ?? r.telefono),
    r.ciudad,
    r.banco,
    typeof tipoCredito === 'string' ? optionLabel('tipo_credito', tipoCredito) : '',
    cell(r.monto),
    cell(r.plazo),
    r.estado,
    ...campos.map((c) => celdaCampo(c, valorCampo(c, r[c.entity]))),
  ];
}

const isPglite = (db: Db) => (db as { $client?: unknown }).$client instanceof PGlite;

/** Writes a chunk, waiting while the client is slower than we are. */
async function write(out: PassThrough, chunk: string): Promise<void> {
  if (out.destroyed) throw new Error('La descarga de ventas se interrumpió');
  if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve).once('close', resolve));
}

/** Pages of CSV text: the header (with the BOM) first, then VENTAS_PAGE records each, yielding between pages. */
async function writeSales(db: Db, user: AuthUser, out: PassThrough): Promise<void> {
  if (isPglite(db)) return writeSalesPglite(db, user, out);
  await readSnapshot(db, async (t) => {
    const campos = camposVentas(await loadDefinitions(t, user.empresaId));
    await write(out, csvRecords([...VENTAS_HEADERS, ...campos.map((c) => c.header)], [], true));
    for await (const rows of salesPages(t, user, campos)) await write(out, csvRecords(null, rows.map((r) => saleRecord(r, campos)), false));
  });
}

/** Keyset pages of VENTAS_PAGE rows in the file's order, yielding to the event loop between them. */
async function* salesPages(db: DbOrTx, user: AuthUser, campos: CampoVenta[]): AsyncGenerator<SaleRow[]> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const rows = await salesQuery(db, user, campos, after, VENTAS_PAGE);
    if (rows.length > 0) yield rows;
    if (rows.length < VENTAS_PAGE) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
    await nextTurn();
  }
}

const changeSeq = async (db: Db, empresaId: number) =>
  (await db.select({ seq: empresas.changeSeq }).from(empresas).where(eq(empresas.id, empresaId)))[0]?.seq;

/** Reads tried page by page before falling back to one statement (see the header). */
const PGLITE_ATTEMPTS = 3;

async function writeSalesPglite(db: Db, user: AuthUser, out: PassThrough): Promise<void> {
  let campos: CampoVenta[] = [];
  let rows: SaleRow[] | null = null;
  for (let attempt = 0; attempt < PGLITE_ATTEMPTS && !rows; attempt++) {
    const before = await changeSeq(db, user.empresaId);
    campos = camposVentas(await loadDefinitions(db, user.empresaId));
    const read: SaleRow[] = [];
    for await (const page of salesPages(db, user, campos)) read.push(...page);
    if ((await changeSeq(db, user.empresaId)) === before) rows = read;
  }
  if (!rows) {
    // Writes kept landing between pages: one statement, one snapshot, the event loop held meanwhile.
    ({ campos, rows } = await readSnapshot(db, async (t) => {
      const c = camposVentas(await loadDefinitions(t, user.empresaId));
      return { campos: c, rows: await salesQuery(t, user, c, null, null) };
    }));
  }
  await write(out, csvRecords([...VENTAS_HEADERS, ...campos.map((c) => c.header)], [], true));
  for (let i = 0; i < rows.length; i += VENTAS_PAGE) {
    await nextTurn();
    await write(out, csvRecords(null, rows.slice(i, i + VENTAS_PAGE).map((r) => saleRecord(r, campos)), false));
  }
}

/**
 * The sales CSV as a stream of its bytes, made as it is sent. An error after the start destroys
 * the stream (see the header): the response is cut, never ended as if whole.
 */
export function ventasStream(db: Db, user: AuthUser): Readable {
  const out = new PassThrough();
  writeSales(db, user, out).then(
    () => out.end(),
    (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return out;
}

/** The whole sales CSV as one string (tests, and callers that need the text). */
export async function ventasCsv(db: Db, user: AuthUser): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of ventasStream(db, user)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
