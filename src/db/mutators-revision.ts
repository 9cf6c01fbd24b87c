/**
 * Optimistic mutators of the review loop (issue 34, src/domain/revision.ts), registered by
 * mutators.ts. Invariants (those of mutators.ts): they read and write only through the MutatorTx
 * and are deterministic in (state, args): a new review's `devuelta_en` comes from its UUIDv7 id,
 * never from the clock, and who returned or answered it is left for the pull to fill in (the
 * server takes them from the session). Their effect mirrors server/src/modules/revisiones:
 * - devolver creates the review `abierta` with each field's value as it is on the device
 *   (`antes`), or reopens a `respondida` one (ronda + 1, the new fields); it leaves an `abierta`
 *   one (a replay) and a `cerrada` one (the server refuses it) alone; it also moves the
 *   application to the company's 'Pendiente información adicional' (`estadoDevolucion`), as
 *   solicitud.cambiarEstado does;
 * - responder fills each field's answer and its value after the edits queued before it
 *   (`despues`) and makes the review `respondida`; on a review that is not `abierta` locally it
 *   does nothing (a closed one: the server rejects the answer, the edits stay);
 * - cerrar makes the review `cerrada`.
 */
import type { MutationName } from '../domain/mutations';
import { uuidv7Time } from '../domain/notificacion';
import { estadosDe, normalizeEstado } from '../domain/estados';
import { estadoDevolucion, valorCampo, type CampoRevision, type Revision } from '../domain/revision';
import type { MutatorsFor, MutatorTx } from './mutators';

/** Moves the local application to the company's return status (none: left as it is). */
async function marcarDevuelta(tx: MutatorTx, solicitudId: string): Promise<void> {
  const record = await tx.get('solicitudes', solicitudId);
  if (!record) return;
  const allowed = estadosDe((await tx.get('estados', 'estados'))?.estados);
  const estado = estadoDevolucion(allowed);
  if (!estado || normalizeEstado(record.solicitud.estado, allowed) === estado) return;
  await tx.put('solicitudes', { ...record, solicitud: { ...record.solicitud, estado } });
}

export const REVISION_MUTATORS = {
  'revision.devolver': async (tx, args) => {
    const existente = await tx.get('revisiones', args.revisionId);
    if (existente && existente.estado !== 'respondida') return;
    const record = await tx.get('solicitudes', args.solicitudId);
    const vistos = new Map(args.campos.map((c) => [c.campo, c.comentario]));
    const campos: CampoRevision[] = [...vistos].map(([campo, comentario]) => ({
      campo,
      comentario,
      respuesta: null,
      antes: record ? valorCampo(record, campo) : null,
      despues: null,
    }));
    const row: Revision = existente
      ? { ...existente, estado: 'abierta', mensaje: args.mensaje, campos, ronda: existente.ronda + 1, respondida_por: null, respondida_por_nombre: null, respondida_en: null }
      : {
          id: args.revisionId,
          solicitud_id: args.solicitudId,
          estado: 'abierta',
          mensaje: args.mensaje,
          campos,
          ronda: 1,
          devuelta_por: 0,
          devuelta_por_nombre: '',
          devuelta_en: uuidv7Time(args.revisionId) ?? '',
          respondida_por: null,
          respondida_por_nombre: null,
          respondida_en: null,
          cerrada_por: null,
          cerrada_por_nombre: null,
          cerrada_en: null,
        };
    await tx.put('revisiones', row);
    await marcarDevuelta(tx, args.solicitudId);
  },

  'revision.responder': async (tx, args) => {
    const row = await tx.get('revisiones', args.revisionId);
    if (!row || row.estado !== 'abierta') return;
    const record = await tx.get('solicitudes', args.solicitudId);
    const respuestas = new Map(args.respuestas.map((r) => [r.campo, r.respuesta.trim()]));
    const campos = row.campos.map((c): CampoRevision => ({
      ...c,
      respuesta: respuestas.get(c.campo) || null,
      despues: record ? valorCampo(record, c.campo) : c.despues,
    }));
    await tx.put('revisiones', { ...row, estado: 'respondida', campos });
  },

  'revision.cerrar': async (tx, args) => {
    const row = await tx.get('revisiones', args.revisionId);
    if (row && row.estado !== 'cerrada') await tx.put('revisiones', { ...row, estado: 'cerrada' });
  },
} satisfies MutatorsFor<Extract<MutationName, `revision.${string}`>>;
