/**
 * Args of the 'Editar Registro' modal's mutations (references, observations, documents, deletion),
 * listed in the one mutation table of src/domain/mutations.ts: one valibot schema validates on the
 * device and on the server.
 * Every mutation names its `solicitudId`, the application whose record it changes (the record
 * mirrored locally holds references, observations and documents), so the list marks it pending.
 */
import * as v from 'valibot';
import { plainRecord } from './plain-record';

const uuid = v.pipe(v.string(), v.uuid('Identificador inválido'));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max, 'El valor es demasiado largo.'));

/** The earliest time a note may carry (1900-01-01 UTC). */
const FECHA_MINIMA = Date.UTC(1900, 0, 1);

/** At most this many references per applicant (spec 01 §2: 'Referencia N', add and remove). */
export const MAX_REFERENCIAS = 3;

/** A reference's free fields (nombre, relacion, celular, direccion, ciudad… and configured keys). */
export const DetalleReferencia = v.pipe(
  plainRecord(
    v.pipe(v.string(), v.regex(/^[a-zA-Z0-9_]{1,60}$/, 'Campo inválido')),
    v.nullable(v.union([text(500), v.number(), v.boolean()])),
  ),
  v.check((r) => Object.keys(r).length <= 40, 'Demasiados campos en la referencia.'),
);

export const EliminarSolicitudArgs = v.object({ solicitudId: uuid });

export const AgregarReferenciaArgs = v.object({
  solicitudId: uuid,
  referenciaId: uuid,
  tipo_referencia: v.nullable(text(60)),
  detalle_referencia: DetalleReferencia,
});

/**
 * What a device last saw of a reference (ARCHITECTURE.md §6: edits carry `base`): its type and the
 * values of its detalle keys. Values as stored, which older data may hold in any JSON shape.
 */
export const BaseReferencia = v.object({
  tipo_referencia: v.optional(v.nullable(v.string())),
  detalle_referencia: v.optional(
    v.pipe(
      plainRecord(v.pipe(v.string(), v.regex(/^[a-zA-Z0-9_]{1,60}$/, 'Campo inválido')), v.unknown()),
      v.check((r) => Object.keys(r).length <= 80, 'Demasiados campos en la referencia.'),
    ),
  ),
});

export const EditarReferenciaArgs = v.object({
  solicitudId: uuid,
  referenciaId: uuid,
  tipo_referencia: v.optional(v.nullable(text(60))),
  /** Keys to set; a key absent here keeps its value. */
  detalle_referencia: v.optional(DetalleReferencia),
  /**
   * The device's last-seen value of each field it changes (`tipo_referencia` when it changes the
   * type, each changed detalle key). The server answers CONFLICT when one of them changed since,
   * or when the reference was deleted meanwhile. Absent in changes queued by older versions: those
   * apply as before, without the check.
   */
  base: v.optional(BaseReferencia),
});

export const EliminarReferenciaArgs = v.object({
  solicitudId: uuid,
  referenciaId: uuid,
  /**
   * The reference as the device last saw it (its type and every detalle key): the server answers
   * CONFLICT instead of deleting it when someone edited it since. Absent in older changes.
   */
  base: v.optional(BaseReferencia),
});

export const AgregarObservacionArgs = v.object({
  solicitudId: uuid,
  observacionId: uuid,
  observacion: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'La observación no puede estar vacía'),
    v.maxLength(4000, 'La observación es demasiado larga.'),
  ),
  tipo: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40)), 'comentario'),
  /**
   * When the user wrote it (kept from the device so an offline note keeps its time). The ISO form
   * alone lets through what `Date.parse` cannot read ('0000-10-10T00:00:00+20': an offset without
   * minutes), on which the server failed (500), and years the database cannot store: the date
   * must parse, from 1900 on.
   */
  fecha_creacion: v.pipe(v.string(), v.isoTimestamp('Fecha inválida'), v.check((s) => Date.parse(s) >= FECHA_MINIMA, 'Fecha inválida')),
  /** Shown in the history until the server's version arrives. */
  usuario_nombre: v.optional(v.nullable(text(200))),
});

export const EliminarDocumentoArgs = v.object({ solicitudId: uuid, documentoId: uuid });


export type EliminarSolicitudArgs = v.InferOutput<typeof EliminarSolicitudArgs>;
export type AgregarReferenciaArgs = v.InferOutput<typeof AgregarReferenciaArgs>;
export type EditarReferenciaArgs = v.InferOutput<typeof EditarReferenciaArgs>;
export type EliminarReferenciaArgs = v.InferOutput<typeof EliminarReferenciaArgs>;
export type BaseReferencia = v.InferOutput<typeof BaseReferencia>;
export type AgregarObservacionArgs = v.InferOutput<typeof AgregarObservacionArgs>;
export type EliminarDocumentoArgs = v.InferOutput<typeof EliminarDocumentoArgs>;
