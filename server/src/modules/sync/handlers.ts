/**
 * The mutations the server accepts through push, each calling the same service function as the
 * matching REST route. Args are validated with the schema of src/domain/mutations.ts.
 */
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import type { MutationName } from '../../../../src/domain/mutations';
import { cambiarEstado, editarSolicitud } from '../solicitudes/service';
import { crearUsuario, editarPerfilMutation, editarUsuario, eliminarUsuario } from '../usuarios/service';
import { crearRegistroCompleto } from '../formulario/service';
import * as notificaciones from '../notificaciones/service';
import * as registro from '../registro/service';

type Handler = (tx: DbOrTx, user: AuthUser, args: never) => Promise<unknown>;

export const MUTATION_HANDLERS: Record<MutationName, Handler> = {
  'solicitud.cambiarEstado': cambiarEstado as Handler,
  'solicitud.editar': editarSolicitud as Handler,
  'usuario.crear': crearUsuario as Handler,
  'usuario.editar': editarUsuario as Handler,
  'usuario.eliminar': eliminarUsuario as Handler,
  'perfil.editar': editarPerfilMutation as Handler,
  'solicitud.crear': crearRegistroCompleto as Handler,
  'notificacion.crear': notificaciones.crearNotificacion as Handler,
  'notificacion.editar': notificaciones.editarNotificacion as Handler,
  'notificacion.eliminar': notificaciones.eliminarNotificacion as Handler,
  'notificacion.marcarLeida': notificaciones.marcarLeida as Handler,
  'notificacion.marcarCompletada': notificaciones.marcarCompletada as Handler,
  'notificacion.marcarTodasLeidas': notificaciones.marcarTodasLeidas as Handler,
  'solicitud.eliminar': registro.eliminarSolicitud as Handler,
  'referencia.agregar': registro.agregarReferencia as Handler,
  'referencia.editar': registro.editarReferencia as Handler,
  'referencia.eliminar': registro.eliminarReferencia as Handler,
  'observacion.agregar': registro.agregarObservacion as Handler,
  'documento.eliminar': registro.eliminarDocumento as Handler,
};
