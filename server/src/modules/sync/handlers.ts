/**
 * The mutations the server accepts through push, each calling the same service function as the
 * matching REST route. Args are validated with the schema of src/domain/mutations.ts.
 */
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import type { MutationName } from '../../../../src/domain/mutations';
import { cambiarEstado, editarSolicitud } from '../solicitudes/service';
import * as registro from '../registro/service';

type Handler = (tx: DbOrTx, user: AuthUser, args: never) => Promise<unknown>;

export const MUTATION_HANDLERS: Record<MutationName, Handler> = {
  'solicitud.cambiarEstado': cambiarEstado as Handler,
  'solicitud.editar': editarSolicitud as Handler,
  'solicitud.eliminar': registro.eliminarSolicitud as Handler,
  'referencia.agregar': registro.agregarReferencia as Handler,
  'referencia.editar': registro.editarReferencia as Handler,
  'referencia.eliminar': registro.eliminarReferencia as Handler,
  'observacion.agregar': registro.agregarObservacion as Handler,
  'documento.eliminar': registro.eliminarDocumento as Handler,
};
