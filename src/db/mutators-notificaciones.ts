/**
 * Optimistic mutators of the notification mutations (registered by mutators.ts).
 * Invariants (those of mutators.ts): they read and write only through the MutatorTx, and are
 * deterministic in (state, args): a new notification's created_at comes from its UUIDv7 id,
 * never from the clock. Their effect mirrors the server's service:
 * - crear of an id that exists changes nothing;
 * - marcarLeida only moves pendiente to leida; marcarCompletada moves anything to completada
 *   (both by `transicion`, and a new one's defaults by `nuevaNotificacion`, in src/domain);
 * - marcarTodasLeidas marks read the listed ids that are still pending.
 */
import type { MutationName } from '../domain/mutations';
import { fechaNotificacion as fecha, nuevaNotificacion, transicion, uuidv7Time } from '../domain/notificacion';
import type { NotificacionRow } from './database';
import type { MutatorsFor, MutatorTx } from './mutators';

async function mark(tx: MutatorTx, id: string, marca: 'leida' | 'completada'): Promise<void> {
  const row = await tx.get('notificaciones', id);
  const estado = row && transicion(row.estado, marca);
  if (row && estado) await tx.put('notificaciones', { ...row, estado });
}

export const NOTIFICACION_MUTATORS = {
  'notificacion.crear': async (tx, args) => {
    if (await tx.get('notificaciones', args.id)) return;
    const at = uuidv7Time(args.id) ?? '';
    const row: NotificacionRow = {
      id: args.id,
      tipo: args.tipo,
      titulo: args.titulo,
      mensaje: args.mensaje,
      ...nuevaNotificacion(args),
      solicitud_id: args.solicitud_id ?? null,
      datos_adicionales: {},
      created_at: at,
      updated_at: at,
    };
    await tx.put('notificaciones', row);
  },

  'notificacion.editar': async (tx, args) => {
    const row = await tx.get('notificaciones', args.id);
    if (!row) return;
    const next: NotificacionRow = { ...row };
    for (const [campo, value] of Object.entries(args.changes)) {
      if (value === undefined) continue;
      if (campo === 'accion_requerida') {
        next.metadata = { ...(row.metadata as object), accion_requerida: value };
      } else if (campo === 'fecha_recordatorio' || campo === 'fecha_vencimiento') {
        next[campo] = fecha(value);
      } else {
        next[campo] = value;
      }
    }
    await tx.put('notificaciones', next);
  },

  'notificacion.eliminar': async (tx, args) => {
    if (await tx.get('notificaciones', args.id)) await tx.delete('notificaciones', args.id);
  },

  'notificacion.marcarLeida': (tx, args) => mark(tx, args.id, 'leida'),

  'notificacion.marcarCompletada': (tx, args) => mark(tx, args.id, 'completada'),

  'notificacion.marcarTodasLeidas': async (tx, args) => {
    for (const id of args.ids) await mark(tx, id, 'leida');
  },
} satisfies MutatorsFor<Extract<MutationName, `notificacion.${string}`>>;
