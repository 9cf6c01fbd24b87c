/**
 * The mutations the server accepts through push, each calling the same service function as the
 * matching REST route. Invariants:
 * - one handler per entry of the mutation table (src/domain/mutations.ts), checked by `satisfies`:
 *   a missing, extra or swapped handler (one whose args are another mutation's) fails `tsc`
 *   (tests/types/mutation-tables.ts proves it);
 * - args reach a handler only after validation with that mutation's schema (`runMutation`).
 */
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { MUTATIONS, type MutationArgs, type MutationName } from '../../../../src/domain/mutations';
import { parseInput } from '../../lib/validation';
import { cambiarEstado, editarSolicitud } from '../solicitudes/service';
import { crearUsuario, editarPerfilMutation, editarUsuario, eliminarUsuario } from '../usuarios/service';
import { crearRegistroCompleto } from '../formulario/service';
import * as notificaciones from '../notificaciones/service';
import * as registro from '../registro/service';
import { actualizarEtapa } from '../seguimiento/actualizar-etapa';
import * as revisiones from '../revisiones/service';

export type MutationHandler<N extends MutationName> = (tx: DbOrTx, user: AuthUser, args: MutationArgs<N>) => Promise<unknown>;
export type MutationHandlers = { readonly [N in MutationName]: MutationHandler<N> };

const handlers = {
  'solicitud.crear': crearRegistroCompleto,
  'solicitud.cambiarEstado': cambiarEstado,
  'solicitud.editar': editarSolicitud,
  'solicitud.eliminar': registro.eliminarSolicitud,
  'referencia.agregar': registro.agregarReferencia,
  'referencia.editar': registro.editarReferencia,
  'referencia.eliminar': registro.eliminarReferencia,
  'observacion.agregar': registro.agregarObservacion,
  'documento.eliminar': registro.eliminarDocumento,
  'usuario.crear': crearUsuario,
  'usuario.editar': editarUsuario,
  'usuario.eliminar': eliminarUsuario,
  'perfil.editar': editarPerfilMutation,
  'notificacion.crear': notificaciones.crearNotificacion,
  'notificacion.editar': notificaciones.editarNotificacion,
  'notificacion.eliminar': notificaciones.eliminarNotificacion,
  'notificacion.marcarLeida': notificaciones.marcarLeida,
  'notificacion.marcarCompletada': notificaciones.marcarCompletada,
  'notificacion.marcarTodasLeidas': notificaciones.marcarTodasLeidas,
  'etapa.actualizar': actualizarEtapa,
  'revision.devolver': revisiones.devolver,
  'revision.responder': revisiones.responder,
  'revision.cerrar': revisiones.cerrar,
  // The device gave this id up after repeated server faults (src/sync/push.ts): nothing to do.
  'sync.omitir': async () => undefined,
} satisfies MutationHandlers;
export const MUTATION_HANDLERS: MutationHandlers = handlers;

/** Validates `raw` with mutation `name`'s schema (a VALIDATION AppError with `fields` when it fails) and runs its handler. */
export function runMutation<N extends MutationName>(tx: DbOrTx, user: AuthUser, name: N, raw: unknown): Promise<unknown> {
  const args: MutationArgs<N> = parseInput(MUTATIONS[name].args, raw);
  return MUTATION_HANDLERS[name](tx, user, args);
}
