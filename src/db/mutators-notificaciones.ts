/**
 * Optimistic mutators of the notification mutations (registered by mutators.ts).
 * Invariants (those of mutators.ts): they read and write only through the MutatorTx, and are
 * deterministic in (state, args): a new notification's created_at comes from its UUIDv7 id,
 * never from the clock. Their effect mirrors the server's service:
 * - crear of an id that exists changes nothing;
 * - marcarLeida only moves pendiente to leida; marcarCompletada moves anything to completada;
 * - marcarTodasLeidas marks read the listed ids that are still pending.
 */
import type { MutationName } from '../domain/mutations';
import { uuidv7Time } from '../domain/notificacion';
import type { NotificacionRow } from './database';
import type { MutatorsFor, MutatorTx } from './mutators';

const fecha = (value: string | null | undefined): string | null =>
  value ? new Date(value).toISOString() : null;

async function setEstado(tx: MutatorTx, id: string, estado: string, from?: string): Promise<void> {
  const row = await tx.get('notificaciones', id);
  if (!row || row.estado === estado) return;
  if (from !== undefined && row.estado !== from) return;
  await tx.put('notificaciones', { ...row, estado });
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
      prioridad: args.prioridad ?? 'normal',
      estado: args.estado ?? 'pendiente',
      fecha_recordatorio: fecha(args.fecha_recordatorio),
      fecha_vencimiento: fecha(args.fecha_vencimiento),
      solicitud_id: args.solicitud_id ?? null,
      metadata: {
        accion_requerida: args.accion_requerida,
        estado_actual: args.estado_actual ?? 'pendiente_revision',
      },
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

  'notificacion.marcarLeida': (tx, args) => setEstado(tx, args.id, 'leida', 'pendiente'),

  'notificacion.marcarCompletada': (tx, args) => setEstado(tx, args.id, 'completada'),

  'notificacion.marcarTodasLeidas': async (tx, args) => {
    for (const id of args.ids) await setEstado(tx, id, 'leida', 'pendiente');
  },
} satisfies MutatorsFor<Extract<MutationName, `notificacion.${string}`>>;
