/**
 * Mutation names and their argument schemas. The worker validates args with these before queueing
 * and the server validates them again before applying: one schema, two sides.
 * Edits carry `base`: the values the user saw for each field they changed (ARCHITECTURE.md §6).
 */
import * as v from 'valibot';
import { REGISTRO_MUTATION_SCHEMAS } from './registro-mutations';

const uuid = v.pipe(v.string(), v.uuid('Identificador inválido'));
const fieldPath = v.pipe(
  v.string(),
  v.regex(/^[a-z_]+(\.[a-zA-Z0-9_]+){1,2}$/, 'Ruta de campo inválida'),
  v.maxLength(120),
);
const jsonValue = v.unknown();

export const CambiarEstadoArgs = v.object({
  solicitudId: uuid,
  estado: v.pipe(v.string(), v.trim(), v.minLength(1, 'El estado es obligatorio'), v.maxLength(80)),
  base: v.object({ estado: v.nullable(v.string()) }),
});
export type CambiarEstadoArgs = v.InferOutput<typeof CambiarEstadoArgs>;

/** `changes` and `base` are keyed by field path, e.g. `solicitante.nombres`, `solicitud.banco_nombre`. */
export const EditarSolicitudArgs = v.object({
  solicitudId: uuid,
  changes: v.record(fieldPath, jsonValue),
  base: v.record(fieldPath, jsonValue),
});
export type EditarSolicitudArgs = v.InferOutput<typeof EditarSolicitudArgs>;

export const MUTATION_SCHEMAS = {
  'solicitud.cambiarEstado': CambiarEstadoArgs,
  'solicitud.editar': EditarSolicitudArgs,
  ...REGISTRO_MUTATION_SCHEMAS,
} as const;

export type MutationName = keyof typeof MUTATION_SCHEMAS;
export type MutationArgs<N extends MutationName> = v.InferOutput<(typeof MUTATION_SCHEMAS)[N]>;

export function isMutationName(name: string): name is MutationName {
  return Object.prototype.hasOwnProperty.call(MUTATION_SCHEMAS, name);
}
