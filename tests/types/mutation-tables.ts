/**
 * Type test, checked by `npm run typecheck` (tsc): every `@ts-expect-error` below must meet an
 * error, so if the tables' types ever stopped catching a missing, extra or swapped handler or
 * mutator, tsc would fail with "Unused '@ts-expect-error' directive". Nothing here runs.
 */
import { MUTATION_HANDLERS, type MutationHandlers } from '../../server/src/modules/sync/handlers';
import { cambiarEstado, editarSolicitud } from '../../server/src/modules/solicitudes/service';
import { marcarCompletada, marcarLeida } from '../../server/src/modules/notificaciones/service';
import { eliminarUsuario } from '../../server/src/modules/usuarios/service';
import { MUTATORS, type MutatorTable } from '../../src/db/mutators';
import { USUARIO_MUTATORS } from '../../src/db/mutators-usuarios';

export const serverTables = [
  // The real table is complete and right.
  MUTATION_HANDLERS satisfies MutationHandlers,

  // Two handlers swapped (different args).
  {
    ...MUTATION_HANDLERS,
    // @ts-expect-error editarSolicitud takes solicitud.editar's args, not solicitud.cambiarEstado's
    'solicitud.cambiarEstado': editarSolicitud,
    // @ts-expect-error cambiarEstado takes solicitud.cambiarEstado's args
    'solicitud.editar': cambiarEstado,
  } satisfies MutationHandlers,

  // Two handlers swapped whose args have the same shape ({ id }): the name tag tells them apart.
  {
    ...MUTATION_HANDLERS,
    // @ts-expect-error marcarCompletada is notificacion.marcarCompletada's handler
    'notificacion.marcarLeida': marcarCompletada,
    // @ts-expect-error marcarLeida is notificacion.marcarLeida's handler
    'notificacion.marcarCompletada': marcarLeida,
  } satisfies MutationHandlers,

  // A handler of an unrelated shape.
  {
    ...MUTATION_HANDLERS,
    // @ts-expect-error eliminarUsuario takes { usuarioId }
    'documento.eliminar': eliminarUsuario,
  } satisfies MutationHandlers,

  // An extra handler for a mutation the table does not declare.
  {
    ...MUTATION_HANDLERS,
    // @ts-expect-error 'solicitud.archivar' is not a mutation
    'solicitud.archivar': cambiarEstado,
  } satisfies MutationHandlers,
];

// A missing handler.
const { 'solicitud.editar': _dropped, ...withoutEditar } = MUTATION_HANDLERS;
// @ts-expect-error solicitud.editar has no handler
export const missingHandler: MutationHandlers = withoutEditar;

export const clientTables = [
  MUTATORS satisfies MutatorTable,
  {
    ...MUTATORS,
    // @ts-expect-error usuario.crear's mutator takes usuario.crear's args
    'usuario.eliminar': USUARIO_MUTATORS['usuario.crear'],
    // @ts-expect-error the solicitud.cambiarEstado mutator takes its own args
    'solicitud.editar': MUTATORS['solicitud.cambiarEstado'],
  } satisfies MutatorTable,
  {
    ...MUTATORS,
    // @ts-expect-error 'solicitud.archivar' is not a mutation
    'solicitud.archivar': MUTATORS['solicitud.cambiarEstado'],
  } satisfies MutatorTable,
];

const { 'perfil.editar': _droppedMutator, ...withoutPerfil } = MUTATORS;
// @ts-expect-error perfil.editar has no mutator
export const missingMutator: MutatorTable = withoutPerfil;
