/**
 * Mutation names and their argument schemas. The worker validates args with these before queueing
 * and the server validates them again before applying: one schema, two sides.
 * Edits carry `base`: the values the user saw for each field they changed (ARCHITECTURE.md §6).
 */
import * as v from 'valibot';
import { plainRecord } from './plain-record';
import {
  PerfilSchema,
  UsuarioCambiosSchema,
  UsuarioNuevoSchema,
} from './usuario';
import { CrearRegistroArgs } from './registro';
import {
  CrearNotificacionArgs,
  EditarNotificacionArgs,
  MarcarTodasLeidasArgs,
  NotificacionIdArgs,
} from './notificacion';
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
  changes: plainRecord(fieldPath, jsonValue),
  base: plainRecord(fieldPath, jsonValue),
});
export type EditarSolicitudArgs = v.InferOutput<typeof EditarSolicitudArgs>;

const usuarioId = v.pipe(v.number('Identificador inválido'), v.integer('Identificador inválido'), v.minValue(1, 'Identificador inválido'));
const anyBase = v.optional(v.unknown());

/**
 * A user made on this device: `tempId` keys its local row until pull brings the server's integer
 * id (see src/db/mutators-usuarios.ts). `contraseña` travels to the server (HTTPS) and is redacted
 * from any stored copy once the server answered (`redactSecrets`).
 */
export const CrearUsuarioArgs = v.object({ ...UsuarioNuevoSchema.entries, tempId: uuid });
export type CrearUsuarioArgs = v.InferOutput<typeof CrearUsuarioArgs>;

/** Only the changed fields; `base` holds what the user saw for each (never the password). */
export const EditarUsuarioArgs = v.object({
  usuarioId,
  changes: UsuarioCambiosSchema,
  base: v.optional(
    v.object({ nombre: anyBase, cedula: anyBase, correo: anyBase, rol: anyBase, info_extra: anyBase }),
    {},
  ),
});
export type EditarUsuarioArgs = v.InferOutput<typeof EditarUsuarioArgs>;

export const EliminarUsuarioArgs = v.object({ usuarioId });
export type EliminarUsuarioArgs = v.InferOutput<typeof EliminarUsuarioArgs>;

/** The signed-in user's own profile; `usuarioId` must be the session's user. */
export const EditarPerfilArgs = v.object({ ...PerfilSchema.entries, usuarioId });
export type EditarPerfilArgs = v.InferOutput<typeof EditarPerfilArgs>;

export const MUTATION_SCHEMAS = {
  'solicitud.cambiarEstado': CambiarEstadoArgs,
  'solicitud.editar': EditarSolicitudArgs,
  'usuario.crear': CrearUsuarioArgs,
  'usuario.editar': EditarUsuarioArgs,
  'usuario.eliminar': EliminarUsuarioArgs,
  'perfil.editar': EditarPerfilArgs,
  'solicitud.crear': CrearRegistroArgs,
  'notificacion.crear': CrearNotificacionArgs,
  'notificacion.editar': EditarNotificacionArgs,
  'notificacion.eliminar': NotificacionIdArgs,
  'notificacion.marcarLeida': NotificacionIdArgs,
  'notificacion.marcarCompletada': NotificacionIdArgs,
  'notificacion.marcarTodasLeidas': MarcarTodasLeidasArgs,
  ...REGISTRO_MUTATION_SCHEMAS,
} as const;

export type MutationName = keyof typeof MUTATION_SCHEMAS;
export type MutationArgs<N extends MutationName> = v.InferOutput<(typeof MUTATION_SCHEMAS)[N]>;

export function isMutationName(name: string): name is MutationName {
  return Object.prototype.hasOwnProperty.call(MUTATION_SCHEMAS, name);
}

/** Args that must not outlive the push that carried them (passwords). */
const SECRET_ARGS: Partial<Record<string, { path: readonly string[] }[]>> = {
  'usuario.crear': [{ path: ['contraseña'] }],
  'usuario.editar': [{ path: ['changes', 'contraseña'] }],
};

/** A copy of `args` with every secret removed, for what is kept after the server answered. */
export function redactSecrets(name: string, args: unknown): unknown {
  const secrets = SECRET_ARGS[name];
  if (!secrets || !args || typeof args !== 'object') return args;
  const copy = structuredClone(args) as Record<string, unknown>;
  for (const { path } of secrets) {
    let node: Record<string, unknown> | undefined = copy;
    for (const key of path.slice(0, -1)) {
      const next: unknown = node?.[key];
      node = next && typeof next === 'object' ? (next as Record<string, unknown>) : undefined;
    }
    if (node) delete node[path[path.length - 1]];
  }
  return copy;
}
