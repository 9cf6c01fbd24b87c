/**
 * The review's transitions from 'Editar Registro', queued as local mutations so each works offline
 * (`revision.devolver`, `revision.cerrar`; `revision.responder` goes out through the form's save,
 * after the field edits, see use-record-save.ts). The toast says where the change is: on this
 * device until the server took it; a refusal stays in 'Cambios pendientes' with its reason.
 */
import { useAtomValue } from 'jotai';
import { toast } from 'sonner';
import { mutate } from '../../db/mutate';
import type { DevolverArgs, Revision } from '../../domain/revision';
import { reportDelivery } from '../../state/delivery';
import { syncClientAtom, useLocalDb } from '../../state/local-data';
import type { FlagView } from './review-context';

export const DEVOLUCION_EN_DISPOSITIVO = 'Devolución guardada en este dispositivo. Se enviará al servidor cuando haya conexión.';
export const CORRECCIONES_EN_DISPOSITIVO = 'Correcciones guardadas en este dispositivo. Se enviarán al servidor cuando haya conexión.';
export const CIERRE_EN_DISPOSITIVO = 'Cierre guardado en este dispositivo. Se enviará al servidor cuando haya conexión.';

export interface Respuesta {
  campo: string;
  respuesta: string;
}

/** The answers `revision.responder` carries: one per flagged field ('' when the edit speaks for itself). */
export const respuestasDe = (flags: readonly FlagView[]): Respuesta[] => flags.map((f) => ({ campo: f.flag.campo, respuesta: f.answer.trim() }));

export function useReviewActions(subjectLine: string) {
  const db = useLocalDb();
  const client = useAtomValue(syncClientAtom);
  const report = (id: number, sent: string, queued: string) =>
    void reportDelivery(db, [id], { sent, queued, description: subjectLine }, { client, online: navigator.onLine });
  const fail = (error: unknown) =>
    toast.error('No se pudo guardar', { description: error instanceof Error ? error.message : 'Error desconocido' });

  return {
    devolver: async (args: DevolverArgs): Promise<boolean> => {
      try {
        report(await mutate(db, 'revision.devolver', args), 'Solicitud devuelta al asesor', DEVOLUCION_EN_DISPOSITIVO);
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    cerrar: async (revision: Revision): Promise<void> => {
      try {
        const id = await mutate(db, 'revision.cerrar', { revisionId: revision.id, solicitudId: revision.solicitud_id });
        report(id, 'Revisión cerrada', CIERRE_EN_DISPOSITIVO);
      } catch (error) {
        fail(error);
      }
    },
  };
}
