/**
 * THE mutation table: every mutation is declared once here, in `MUTATIONS` (name -> args schema
 * and the Spanish label the sync panel shows). The worker validates args with the schema before
 * queueing and the server validates them again before applying: one schema, two sides.
 * Edits carry `base`: the values the user saw for each field they changed (ARCHITECTURE.md §6).
 *
 * To add a mutation: add its entry to `MUTATIONS`; `tsc` then asks for its server handler
 * (server/src/modules/sync/handlers.ts) and its client mutator (src/db/mutators.ts), both tables
 * being `satisfies`-checked against this one. A handler or mutator whose args type is the same as
 * another mutation's should take `MutationArgs<'its.name'>`, so a swap still fails `tsc`
 * (`MutationArgs` carries the name as a type-only tag).
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
import {
  AgregarObservacionArgs,
  AgregarReferenciaArgs,
  EditarReferenciaArgs,
  EliminarDocumentoArgs,
  EliminarReferenciaArgs,
  EliminarSolicitudArgs,
} from './registro-mutations';
import { ActualizarEtapaArgs } from './seguimiento';
import { CerrarRevisionArgs, DevolverArgs, ResponderArgs } from './revision';

const uuid = v.pipe(v.string(), v.uuid('Identificador inválido'));
// `block.column`, `block.json.key`, or `solicitud.detalle_credito.<kind>.<key>` (parseFieldPath
// in src/domain/solicitud.ts decides which exist).
const fieldPath = v.pipe(
  v.string(),
  v.regex(/^[a-z_]+(\.[a-zA-Z0-9_]+){1,3}$/, 'Ruta de campo inválida'),
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

/** No args: the no-op carries only its id. */
export const OmitirArgs = v.strictObject({}, 'Un cambio omitido no lleva datos.');
export type OmitirArgs = v.InferOutput<typeof OmitirArgs>;

interface MutationDef {
  readonly args: v.GenericSchema;
  /** What the sync panel calls a change of this kind ('Cambio de estado'). */
  readonly label: string;
}

export const MUTATIONS = {
  'solicitud.crear': { args: CrearRegistroArgs, label: 'Nueva solicitud' },
  'solicitud.cambiarEstado': { args: CambiarEstadoArgs, label: 'Cambio de estado' },
  'solicitud.editar': { args: EditarSolicitudArgs, label: 'Edición de solicitud' },
  'solicitud.eliminar': { args: EliminarSolicitudArgs, label: 'Eliminación de solicitud' },
  'referencia.agregar': { args: AgregarReferenciaArgs, label: 'Nueva referencia' },
  'referencia.editar': { args: EditarReferenciaArgs, label: 'Edición de referencia' },
  'referencia.eliminar': { args: EliminarReferenciaArgs, label: 'Eliminación de referencia' },
  'observacion.agregar': { args: AgregarObservacionArgs, label: 'Nueva observación' },
  'documento.eliminar': { args: EliminarDocumentoArgs, label: 'Eliminación de documento' },
  'usuario.crear': { args: CrearUsuarioArgs, label: 'Nuevo usuario' },
  'usuario.editar': { args: EditarUsuarioArgs, label: 'Edición de usuario' },
  'usuario.eliminar': { args: EliminarUsuarioArgs, label: 'Eliminación de usuario' },
  'perfil.editar': { args: EditarPerfilArgs, label: 'Edición del perfil' },
  'notificacion.crear': { args: CrearNotificacionArgs, label: 'Nueva notificación' },
  'notificacion.editar': { args: EditarNotificacionArgs, label: 'Edición de notificación' },
  'notificacion.eliminar': { args: NotificacionIdArgs, label: 'Eliminación de notificación' },
  'notificacion.marcarLeida': { args: NotificacionIdArgs, label: 'Notificación marcada como leída' },
  'notificacion.marcarCompletada': { args: NotificacionIdArgs, label: 'Notificación completada' },
  'notificacion.marcarTodasLeidas': { args: MarcarTodasLeidasArgs, label: 'Notificaciones marcadas como leídas' },
  'etapa.actualizar': { args: ActualizarEtapaArgs, label: 'Actualización de etapa del seguimiento' },
  'revision.devolver': { args: DevolverArgs, label: 'Devolución para corrección' },
  'revision.responder': { args: ResponderArgs, label: 'Respuesta a correcciones' },
  'revision.cerrar': { args: CerrarRevisionArgs, label: 'Cierre de revisión' },
  /**
   * Changes nothing: sent in place of a change the server failed on again and again (5xx), so the
   * device's mutation ids stay contiguous while that change waits in 'Cambios pendientes'.
   */
  'sync.omitir': { args: OmitirArgs, label: 'Cambio omitido' },
} as const satisfies Record<string, MutationDef>;

export type MutationName = keyof typeof MUTATIONS;
export type MutationSchema<N extends MutationName> = (typeof MUTATIONS)[N]['args'];

/** Type-only: never present at run time. Makes the args of two same-shaped mutations distinct types. */
declare const mutationName: unique symbol;
export interface MutationTag<N extends MutationName> {
  readonly [mutationName]?: N;
}
/** The validated args of mutation N (tagged with N, see MutationTag). */
export type MutationArgs<N extends MutationName> = v.InferOutput<MutationSchema<N>> & MutationTag<N>;

/** The schema of each mutation, keyed by name (for code that only validates); derived from MUTATIONS. */
export const MUTATION_SCHEMAS = Object.fromEntries(
  Object.entries(MUTATIONS).map(([name, def]) => [name, def.args]),
) as { readonly [N in MutationName]: MutationSchema<N> };

export function isMutationName(name: string): name is MutationName {
  return Object.prototype.hasOwnProperty.call(MUTATIONS, name);
}

/** The sync panel's name for a change: its label, or the raw name of one this version does not know. */
export function mutationLabel(name: string): string {
  return isMutationName(name) ? MUTATIONS[name].label : name;
}

/** Args that must not outlive the push that carried them (passwords). */
const SECRET_ARGS: Partial<Record<string, { path: readonly string[] }[]>> = {
  'usuario.crear': [{ path: ['contraseña'] }],
  'usuario.editar': [{ path: ['changes', 'contraseña'] }],
};

/**
 * The table's entry for `name`: own keys only, so a pushed name like 'constructor' or '__proto__'
 * finds nothing instead of an Object.prototype member.
 */
const secretArgsOf = (name: string) => (Object.hasOwn(SECRET_ARGS, name) ? SECRET_ARGS[name] : undefined);

/** The secret strings (passwords) in `args`, by the same table (the server hashes them before its transaction). */
export function secretValues(name: string, args: unknown): string[] {
  const out: string[] = [];
  for (const { path } of secretArgsOf(name) ?? []) {
    let node: unknown = args;
    for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    if (typeof node === 'string') out.push(node);
  }
  return out;
}

/** A copy of `args` with every secret removed, for what is kept after the server answered. */
export function redactSecrets(name: string, args: unknown): unknown {
  const secrets = secretArgsOf(name);
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
