/**
 * The review loop (issue 34, 'Devuelta para corrección'): the office returns an application to its
 * advisor with a list of flagged fields, the advisor answers (field edits travel as ordinary
 * `solicitud.editar` mutations in the same push, before the answer), and the reviewer side closes
 * it or returns it again.
 *
 * Invariants shared by the server and the device:
 * - a review is `abierta` → `respondida` → `cerrada`; returning a `respondida` review again puts it
 *   back to `abierta` with the new flagged fields (the previous round stays in the audit trail);
 * - a `cerrada` review never changes again: answering or returning it is rejected;
 * - the id is a UUIDv7 made by the device that returned it, so the return works offline and a
 *   replayed return is a no-op;
 * - `campo` is a path in the complete record (`informacion_financiera.detalle_financiera.ingreso_basico_mensual`,
 *   `documentos`); the UI shows it by the form's label, never the path.
 * Pure: no I/O. The row shape below is what pull sends as entity `revision` and what the device
 * keeps in its `revisiones` table.
 */
import * as v from 'valibot';
import { parseFieldPath, readPath, type SolicitudRecord } from './solicitud';
import { etiquetaDeCampo } from './validacion';
import { etiquetaConfigurada, type DefinicionEtiqueta } from './field-definition';

export const ESTADOS_REVISION = ['abierta', 'respondida', 'cerrada'] as const;
export type EstadoRevision = (typeof ESTADOS_REVISION)[number];

export const ESTADO_REVISION_LABELS: Record<EstadoRevision, string> = {
  abierta: 'Devuelta',
  respondida: 'Respondida',
  cerrada: 'Cerrada',
};

/** A valid answer that needs no edit: the document was asked for and the applicant will bring it. */
export const RESPUESTA_DOCUMENTO_SOLICITADO = 'El documento ya fue solicitado al cliente';

/** One flagged field of a review, as stored and pulled. */
export interface CampoRevision {
  /** Path in the complete record, e.g. `informacion_financiera.detalle_financiera.ingreso_basico_mensual`. */
  campo: string;
  /** The reviewer's comment. */
  comentario: string;
  /** The advisor's answer, null until answered. */
  respuesta: string | null;
  /** The field's value when it was returned (for 'antes → después'); null when there was none. */
  antes: unknown;
  /** The field's value when the advisor answered; null until answered. */
  despues: unknown;
}

/** A review row (pull entity `revision`, local table `revisiones`). Dates are ISO strings. */
export interface Revision {
  id: string;
  solicitud_id: string;
  estado: EstadoRevision;
  mensaje: string;
  campos: CampoRevision[];
  /** How many times it was returned (1 the first time, 2 after 'Devolver de nuevo', …). */
  ronda: number;
  devuelta_por: number;
  devuelta_por_nombre: string;
  devuelta_en: string;
  respondida_por: number | null;
  respondida_por_nombre: string | null;
  respondida_en: string | null;
  cerrada_por: number | null;
  cerrada_por_nombre: string | null;
  cerrada_en: string | null;
}

const uuid = v.pipe(v.string(), v.uuid('Identificador inválido'));
const campoPath = v.pipe(
  v.string('El campo es obligatorio'),
  v.trim(),
  v.regex(/^[a-z_]+(\.[a-zA-Z0-9_]+){0,3}$/, 'Campo inválido'),
  v.maxLength(120, 'Campo inválido'),
);
const texto = (obligatorio: string, max: number) =>
  v.pipe(v.string(obligatorio), v.trim(), v.minLength(1, obligatorio), v.maxLength(max, 'El texto es demasiado largo.'));

/** `revision.devolver` and `POST /api/solicitudes/{id}/devolver` (the route takes the same body without ids). */
export const DevolverArgs = v.object({
  revisionId: uuid,
  solicitudId: uuid,
  mensaje: texto('El mensaje es obligatorio', 2000),
  campos: v.pipe(
    v.array(v.object({ campo: campoPath, comentario: texto('Escriba un comentario para cada campo', 1000) })),
    v.minLength(1, 'Seleccione al menos un campo a corregir'),
    v.maxLength(100, 'Demasiados campos'),
  ),
});
export type DevolverArgs = v.InferOutput<typeof DevolverArgs>;

/** `revision.responder`: an answer for every flagged field (an edit made in the same push counts as touched). */
export const ResponderArgs = v.object({
  revisionId: uuid,
  solicitudId: uuid,
  respuestas: v.pipe(
    v.array(v.object({ campo: campoPath, respuesta: v.pipe(v.string(), v.trim(), v.maxLength(1000, 'El texto es demasiado largo.')) })),
    v.minLength(1, 'Responda al menos un campo'),
    v.maxLength(100, 'Demasiados campos'),
  ),
});
export type ResponderArgs = v.InferOutput<typeof ResponderArgs>;

/** `revision.cerrar`. */
export const CerrarRevisionArgs = v.object({ revisionId: uuid, solicitudId: uuid });
export type CerrarRevisionArgs = v.InferOutput<typeof CerrarRevisionArgs>;

/** Whether the application carries the 'Devuelta' badge: it has a review that is not closed. */
export const revisionPendiente = (r: Pick<Revision, 'estado'>) => r.estado !== 'cerrada';

/** Flagged fields that are whole lists of the record rather than one editable path. */
export const CAMPOS_LISTA = ['documentos', 'referencias'] as const;

/**
 * Whether `campo` names something of the record a review can flag: an editable path
 * (`parseFieldPath`) or one of the lists (`documentos`, `referencias`).
 */
export function campoRevisable(campo: string): boolean {
  return (CAMPOS_LISTA as readonly string[]).includes(campo) || parseFieldPath(campo) !== null;
}

/**
 * The value of a flagged field in `record`, as kept in `antes`/`despues`: an editable path's value
 * (null when absent), the file names of `documentos`, the names of `referencias`.
 */
export function valorCampo(record: SolicitudRecord, campo: string): unknown {
  if (campo === 'documentos') return (record.documentos ?? []).map((d) => d.nombre);
  if (campo === 'referencias') {
    return (record.referencias ?? []).map((r) => {
      const d = r.detalle_referencia ?? {};
      return [d.nombre, d.apellido, d.nombre_completo].filter((x) => typeof x === 'string' && x.trim()).join(' ');
    });
  }
  return readPath(record, campo) ?? null;
}

/**
 * A flagged field's label for texts built outside the form (e-mail, history): never the path.
 * A field the company configured is named by the label its administrator gave it (the
 * definition's description, as 'Editar Registro' shows it); otherwise by the built-in label.
 */
export function etiquetaCampoRevision(campo: string, definiciones: readonly DefinicionEtiqueta[] = []): string {
  if (campo === 'documentos') return 'Documentos';
  if (campo === 'referencias') return 'Referencias';
  return etiquetaConfigurada(campo, definiciones) ?? etiquetaDeCampo(campo);
}

/** The status a return sets: the company's 'Pendiente información adicional' or its equivalent. */
export const ESTADO_DEVOLUCION = 'Pendiente información adicional';

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();

/**
 * The status of `allowed` (the company's list) a return sets: 'Pendiente información adicional',
 * else the first that speaks of more information, a correction or a return; null when the
 * company has none of them (the status is then left as it is).
 */
export function estadoDevolucion(allowed: readonly string[]): string | null {
  const exact = allowed.find((e) => fold(e) === fold(ESTADO_DEVOLUCION));
  if (exact) return exact;
  return allowed.find((e) => /informacion adicional|correccion|devuelt|pendiente informacion/.test(fold(e))) ?? null;
}

export const TITULO_DEVOLUCION = 'Solicitud devuelta para corrección';

/** The in-app notification's text: who returned which application of whom, and how many fields. */
export function mensajeDevolucion(d: { por: string; radicado: string | null; nombre: string; campos: number; mensaje: string }): string {
  const campos = d.campos === 1 ? '1 campo' : `${d.campos} campos`;
  const radicado = d.radicado ? `la solicitud ${d.radicado}` : 'la solicitud';
  return `${d.por || 'Un usuario'} devolvió ${radicado} de ${d.nombre || 'el solicitante'} para corrección (${campos}): ${d.mensaje}`;
}

/** Body of `POST /api/solicitudes/{id}/devolver` (the server makes the review's id). */
export const DevolverBody = v.pick(DevolverArgs, ['mensaje', 'campos']);
/** Body of `POST /api/solicitudes/{id}/revisiones/{revisionId}/responder`. */
export const ResponderBody = v.pick(ResponderArgs, ['respuestas']);
