/**
 * Public credit tracking (spec 02 §2 'Credit tracking'): look a filing up by its radicado, serve
 * its files, receive documents from the applicant, and let staff change stage statuses.
 *
 * Invariants:
 * - The public side is reached only by the radicado (a random, unguessable code), looked up across
 *   companies in its one stored form (`normalizarRadicado`: case, spaces and dashes do not matter,
 *   the 'RAD' prefix may be left out); every miss, malformed code or ambiguous match answers the
 *   same 404, and answers carry no personal data and no internal id except the document id. Of
 *   the company they carry its name and the public keys of its 'contacto' category
 *   (src/domain/empresa-contacto.ts), nothing else.
 * - An upload is one short transaction, opened only once every file was read and checked:
 *   documents + contents, a history row and the stage date, the solicitud's seq and updated_at (so
 *   staff devices pull the change) and an audit row. Under the filing's row lock it checks the
 *   filing's daily quota (files and bytes on its tracking stages in the last 24 hours).
 * - A document id given by the client (upload_id) makes retries idempotent: an existing id is
 *   skipped, never overwritten.
 * - Staff stage changes follow `actualizarEtapa` (admin or supervisor, a filing the user sees).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../../../src/domain/errors';
import { recibeDocumentos, solicitudCerrada } from '../../../../src/domain/seguimiento';
import { normalizarRadicado } from '../../../../src/domain/ids';
import { readSnapshot, type Db, type DbOrTx, type Tx } from '../../db/client';
import { nextSeq } from '../../db/change-seq';
import { CONTACTO_CATEGORIA, contactoPublico, type EmpresaPublica } from '../../../../src/domain/empresa-contacto';
import {
  categorias,
  documentos,
  empresas,
  seguimientoEtapas,
  seguimientoHistorial,
  solicitudes,
} from '../../db/schema';
import { audit } from '../audit/service';
import { typeOfStored } from '../../lib/file-type';
import { contentSize, readContent, sizeOf, storeContent, type Content } from '../../lib/file-store';
import type { AuthUser } from '../../plugins/auth';
import { estadosPermitidos } from '../solicitudes/service';
import { actualizarEtapa } from './actualizar-etapa';
import { lastPublicAudit, latest } from './fecha-cambio';
import { visibleSolicitudes } from '../solicitudes/visibility';

/** The stored form of a filing number, checked after `normalizarRadicado`. */
export const RADICADO_RE = /^RAD-[A-Z0-9]{8}$/;
export const NOT_FOUND_MESSAGE = 'No se encontró el radicado';
const notFound = () => new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);

type SolicitudRow = typeof solicitudes.$inferSelect;

/** The one live filing with this radicado in any company; a malformed or ambiguous code is a miss. */
export async function findByRadicado(db: DbOrTx, typed: string): Promise<SolicitudRow> {
  const radicado = normalizarRadicado(typed);
  if (!RADICADO_RE.test(radicado)) throw notFound();
  const rows = await db
    .select()
    .from(solicitudes)
    .where(and(eq(solicitudes.radicado, radicado), isNull(solicitudes.deletedAt)))
    .limit(2);
  if (rows.length !== 1) throw notFound();
  return rows[0];
}

/**
 * The public view of one filing: its stages, each with its files and history. One snapshot
 * (readSnapshot), so a stage change committing mid-read shows in the stage and its history, or in
 * neither.
 */
export function lookupRadicado(db: Db, radicado: string) {
  return readSnapshot(db, (tx) => readRadicado(tx, radicado));
}

/** The company as the applicant sees it: its name and its public contact (null when unpublished). */
async function empresaPublica(db: Tx, empresaId: number): Promise<EmpresaPublica> {
  const [empresa] = await db.select({ nombre: empresas.nombre }).from(empresas).where(eq(empresas.id, empresaId)).limit(1);
  const [contacto] = await db
    .select({ configuracion: categorias.configuracion })
    .from(categorias)
    .where(
      and(
        eq(categorias.empresaId, empresaId),
        eq(categorias.categoria, CONTACTO_CATEGORIA),
        eq(categorias.activo, true),
        isNull(categorias.deletedAt),
      ),
    )
    .limit(1);
  return { nombre: empresa?.nombre ?? '', contacto: contactoPublico(contacto?.configuracion) };
}

async function readRadicado(db: Tx, radicado: string) {
  const sol = await findByRadicado(db, radicado);
  const empresa = await empresaPublica(db, sol.empresaId);
  const etapas = await db
    .select()
    .from(seguimientoEtapas)
    .where(eq(seguimientoEtapas.solicitudId, sol.id))
    .orderBy(asc(seguimientoEtapas.orden), asc(seguimientoEtapas.id));
  const etapaIds = etapas.map((e) => e.id);
  const audited = await lastPublicAudit(db, sol.empresaId, sol.id);
  if (!etapaIds.length) return publicView(sol, empresa, etapas, [], [], audited);
  // One transaction runs one query at a time: these two go in turn.
  const historial = await db
    .select()
    .from(seguimientoHistorial)
    .where(inArray(seguimientoHistorial.etapaId, etapaIds))
    .orderBy(asc(seguimientoHistorial.fecha), asc(seguimientoHistorial.id));
  // Deleted files too (metadata only): their removal is a change the page shows (fecha-cambio.ts).
  const archivos = await db
    .select({
      id: documentos.id,
      etapaId: documentos.etapaId,
      nombre: documentos.nombre,
      estado: documentos.estado,
      createdAt: documentos.createdAt,
      deletedAt: documentos.deletedAt,
    })
    .from(documentos)
    .where(and(eq(documentos.solicitudId, sol.id), inArray(documentos.etapaId, etapaIds)))
    .orderBy(asc(documentos.createdAt), asc(documentos.id));
  return publicView(sol, empresa, etapas, historial, archivos, audited);
}

/**
 * The status list of the company that owns this filing (spec 02 §3: 'The company's status list is
 * loaded by company id'; the eight defaults when it has none). Reached by the radicado, so the
 * anonymous page learns no company id.
 */
export async function estadosDeRadicado(db: Db, radicado: string): Promise<string[]> {
  const sol = await findByRadicado(db, radicado);
  return estadosPermitidos(db, sol.empresaId);
}

type EtapaRow = typeof seguimientoEtapas.$inferSelect;
type HistorialRow = typeof seguimientoHistorial.$inferSelect;
type ArchivoRow = Pick<typeof documentos.$inferSelect, 'id' | 'etapaId' | 'nombre' | 'estado' | 'createdAt' | 'deletedAt'>;

function publicView(
  sol: SolicitudRow,
  empresa: EmpresaPublica,
  etapas: EtapaRow[],
  historial: HistorialRow[],
  archivos: ArchivoRow[],
  audited: Date | null,
) {
  const vivos = archivos.filter((a) => !a.deletedAt);
  const url = (docId: string) =>
    `/api/seguimiento/archivo/${docId}?radicado=${encodeURIComponent(sol.radicado)}`;
  return {
    id_radicado: sol.radicado,
    banco: sol.bancoNombre,
    producto_solicitado: sol.tipoCredito,
    estado_global: sol.estado,
    // What the applicant can see changed last (fecha-cambio.ts), never an internal edit.
    fecha_cambio: latest([
      sol.createdAt,
      audited,
      ...etapas.map((e) => e.fechaActualizacion),
      ...historial.map((h) => h.fecha),
      ...archivos.map((a) => a.createdAt),
      ...archivos.map((a) => a.deletedAt),
    ]),
    empresa,
    etapas: etapas.map((e) => ({
      etapa: e.etapa,
      estado: e.estado,
      comentarios: e.comentarios,
      fecha_actualizacion: iso(e.fechaActualizacion),
      archivos: vivos
        .filter((a) => a.etapaId === e.id)
        .map((a) => ({ id: a.id, nombre: a.nombre, estado: a.estado, url: url(a.id) })),
      historial: historial
        .filter((h) => h.etapaId === e.id)
        .map((h) => ({ estado: h.estado, comentario: h.comentario, fecha: iso(h.fecha) })),
    })),
  };
}

/**
 * A tracking file's bytes (in parts) with a type verified from those bytes (octet-stream when
 * unrecognised). Only documents on a tracking stage of this very filing (uploaded through the
 * tracking page, or attached by staff to one of its stages) are public; any other document is the
 * unknown id's 404.
 */
export function readArchivo(db: Db, docId: string, typed: string) {
  const radicado = normalizarRadicado(typed);
  if (!RADICADO_RE.test(radicado)) throw notFound();
  return readSnapshot(db, async (tx) => {
    const [row] = await tx
      .select({ id: documentos.id, nombre: documentos.nombre })
      .from(documentos)
      .innerJoin(solicitudes, eq(solicitudes.id, documentos.solicitudId))
      .innerJoin(
        seguimientoEtapas,
        and(eq(seguimientoEtapas.id, documentos.etapaId), eq(seguimientoEtapas.solicitudId, solicitudes.id)),
      )
      .where(
        and(
          eq(documentos.id, docId),
          eq(solicitudes.radicado, radicado),
          isNull(documentos.deletedAt),
          isNull(solicitudes.deletedAt),
        ),
      )
      .limit(1);
    const parts = row ? await readContent(tx, row.id) : [];
    if (!row || !parts.length) throw new AppError('NOT_FOUND', 'No se encontró el archivo');
    const type = await typeOfStored(parts, row.nombre);
    return { nombre: row.nombre, parts, size: sizeOf(parts), mime: type?.mime ?? 'application/octet-stream' };
  });
}

/**
 * The history line of an upload, naming what arrived: 'Documento recibido: cedula.pdf', or
 * 'Documentos recibidos (2): cedula.pdf, extracto.pdf'. A resumable upload ends one file at a
 * time, so each file gets its own line, each saying which one it was.
 */
export function recibidos(nombres: readonly string[]): string {
  if (nombres.length === 1) return `Documento recibido: ${nombres[0]}`;
  const list = nombres.join(', ');
  return `Documentos recibidos (${nombres.length}): ${list.length > 400 ? `${list.slice(0, 399)}…` : list}`;
}

export interface UploadedFile {
  /** Client-made UUID (upload_id) or a server one. */
  id: string;
  nombre: string;
  mime: string;
  /** The checked bytes, in parts as received (lib/file-store.ts), or one Buffer. */
  data: Content;
}

/** How much one filing may receive through the tracking page in a day (rolling 24 hours). */
export interface UploadQuota {
  filesPerDay: number;
  bytesPerDay: number;
}

/** A quota refusal: 429 with Retry-After (seconds until the oldest upload of the day ages out). */
export class QuotaExceeded extends AppError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

/**
 * Refuses `files` when the filing's last 24 hours of files on its tracking stages plus the new
 * ones (ids not stored yet: a retried upload is not counted twice) pass the quota. Runs under the
 * filing's row lock, so two uploads at once cannot both take the last places.
 */
async function checkQuota(tx: Tx, sol: SolicitudRow, files: UploadedFile[], quota: UploadQuota) {
  const stored = await tx
    .select({ id: documentos.id })
    .from(documentos)
    .where(inArray(documentos.id, files.map((f) => f.id)));
  const known = new Set(stored.map((d) => d.id));
  const fresh = files.filter((f) => !known.has(f.id));
  if (!fresh.length) return;
  const [used] = await tx
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${documentos.fileSize}), 0)::bigint`,
      oldest: sql<string | null>`min(${documentos.createdAt})`,
    })
    .from(documentos)
    .innerJoin(seguimientoEtapas, eq(seguimientoEtapas.id, documentos.etapaId))
    .where(
      and(
        eq(seguimientoEtapas.solicitudId, sol.id),
        eq(documentos.solicitudId, sol.id),
        sql`${documentos.createdAt} > now() - interval '1 day'`,
      ),
    );
  const day = 24 * 3600;
  const retryAfter = used.oldest ? Math.max(1, Math.ceil(day - (Date.now() - Date.parse(used.oldest)) / 1000)) : day;
  if (Number(used.files) + fresh.length > quota.filesPerDay) {
    throw new QuotaExceeded(`Este radicado ya recibió ${quota.filesPerDay} archivos hoy. Inténtalo de nuevo mañana.`, retryAfter);
  }
  const bytes = fresh.reduce((n, f) => n + contentSize(f.data), 0);
  if (Number(used.bytes) + bytes > quota.bytesPerDay) {
    const mb = Math.round(quota.bytesPerDay / (1024 * 1024));
    throw new QuotaExceeded(`Este radicado ya recibió ${mb} MB de archivos hoy. Inténtalo de nuevo mañana.`, retryAfter);
  }
}

/**
 * Stores the checked files in the filing's documents stage; answers how many were accepted. One
 * short transaction: the filing is row-locked, the daily quota checked, rows inserted.
 */
export async function storeDocuments(db: Db, radicado: string, files: UploadedFile[], quota: UploadQuota) {
  return db.transaction(async (tx) => {
    const found = await findByRadicado(tx, radicado);
    const [sol] = await tx.select().from(solicitudes).where(eq(solicitudes.id, found.id)).for('update');
    const [etapa] = await tx
      .select()
      .from(seguimientoEtapas)
      .where(and(eq(seguimientoEtapas.solicitudId, sol.id), eq(seguimientoEtapas.etapa, 'documentos')))
      .orderBy(asc(seguimientoEtapas.orden))
      .limit(1);
    if (!etapa) throw new AppError('NOT_FOUND', 'El radicado no tiene etapa de documentos');
    if (!recibeDocumentos(sol.estado)) throw new AppError('VALIDATION', solicitudCerrada(sol.estado));
    await checkQuota(tx, sol, files, quota);

    const stored: string[] = [];
    for (const f of files) {
      const inserted = await tx
        .insert(documentos)
        .values({
          id: f.id,
          empresaId: sol.empresaId,
          solicitanteId: sol.solicitanteId,
          solicitudId: sol.id,
          etapaId: etapa.id,
          nombre: f.nombre,
          mime: f.mime,
          fileSize: contentSize(f.data),
          estado: 'Recibido',
        })
        .onConflictDoNothing({ target: documentos.id })
        .returning({ id: documentos.id });
      if (!inserted.length) continue; // a retry of an upload already stored
      await storeContent(tx, f.id, f.data);
      stored.push(f.nombre);
    }

    if (stored.length) {
      const now = new Date().toISOString();
      await tx.insert(seguimientoHistorial).values({
        etapaId: etapa.id,
        estado: etapa.estado,
        comentario: recibidos(stored),
        fecha: now,
      });
      await tx.update(seguimientoEtapas).set({ fechaActualizacion: now }).where(eq(seguimientoEtapas.id, etapa.id));
      const seq = await nextSeq(tx, sol.empresaId);
      await tx.update(solicitudes).set({ seq, updatedAt: now }).where(eq(solicitudes.id, sol.id));
      await audit(tx, {
        empresaId: sol.empresaId,
        usuarioId: null,
        entidad: 'solicitud',
        entidadId: sol.id,
        accion: 'seguimiento_documentos',
        cambios: { documentos: { old: null, new: stored } },
      });
    }
    return { subidos: files.length };
  });
}

export interface StageChange {
  etapa: string;
  estado: string;
  comentarios?: string | null;
}

/**
 * Applies the stage list sent by staff (`POST /api/seguimiento/actualizar-estado`). The client
 * sends every stage (spec 02 §4); each one goes through `actualizarEtapa`, the rule of
 * `PATCH /api/solicitudes/{id}/etapas/{etapa}` and of `etapa.actualizar`: admin or supervisor
 * only, a status from the company's list, a history and an audit row per stage that really
 * changed. All stages are written in one transaction or none.
 */
export async function updateStages(db: Db, user: AuthUser, typed: string, changes: StageChange[]) {
  const radicado = normalizarRadicado(typed);
  await db.transaction(async (tx) => {
    if (!RADICADO_RE.test(radicado)) throw notFound();
    const [sol] = await tx
      .select({ id: solicitudes.id })
      .from(solicitudes)
      .where(and(visibleSolicitudes(user), eq(solicitudes.radicado, radicado), isNull(solicitudes.deletedAt)))
      .limit(1);
    if (!sol) throw notFound();
    for (const c of changes) {
      await actualizarEtapa(tx, user, { solicitudId: sol.id, etapa: c.etapa, estado: c.estado, comentarios: c.comentarios, base: {} });
    }
  });
}
