/**
 * Optimistic mutators of the 'Editar Registro' modal: references, observations, documents and the
 * deletion of an application. Same invariants as mutators.ts: they read and write only through the
 * MutatorTx they get, are deterministic in (state, args) (the observation's time and author come
 * in the args), and creating an item whose id is already there changes nothing.
 * mutators.ts puts them in the one mutator table (this file imports only its types: no cycle).
 */
import type { SolicitudRecord } from '../domain/solicitud';
import type { MutatorsFor, MutatorTx } from './mutators';
import type { MutationArgs } from '../domain/mutations';
import { validarObjeto } from '../domain/validacion';

const update = async (tx: MutatorTx, id: string, fn: (record: SolicitudRecord) => SolicitudRecord) => {
  const record = await tx.get('solicitudes', id);
  if (record) await tx.put('solicitudes', fn(record));
};

type Referencia = SolicitudRecord['referencias'][number];
const sinNombreVacio = (d: Referencia['detalle_referencia']) => {
  if (d.nombre !== '') return d;
  const out = { ...d };
  delete out.nombre;
  return out;
};
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The server judges a reference's values on its own clock; only a birth date's rule reads it. */
const SIN_FECHA = '2000-01-01';

/**
 * A reference's values as the server stores them (`cleanDetalle`): texts trimmed, the changed
 * ones (against `antes`) as the plausibility rules store them; all as given, trimmed, when a rule
 * refuses one (the server then rejects the change and the rebase drops it).
 */
function limpiarDetalle(detalle: Record<string, unknown>, antes: Record<string, unknown> | null): Referencia['detalle_referencia'] {
  const trimmed = Object.fromEntries(Object.entries(detalle).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
  const checked = validarObjeto(trimmed, antes, '', SIN_FECHA);
  return (Object.keys(checked.fields).length ? trimmed : checked.values) as Referencia['detalle_referencia'];
}

/**
 * A reference as the server leaves it (server/src/modules/registro/service.ts `editarReferencia`):
 * texts trimmed, each changed value as the plausibility rules store it (src/domain/validacion.ts:
 * a celular's digits, a term written as text read as a number), and an edit that changes no value
 * (null and absent alike, 'Ana ' as 'Ana', '300 111 2233' as '3001112233') leaves it as it was.
 * Otherwise the device would keep a value the server, which wrote nothing, never sends again
 * (found by the model test of sync, seed 918793089, for a key set to null). A value the rules
 * refuse stays as typed: the server rejects the edit and the rebase drops it.
 */
function editarReferencia(x: Referencia, args: MutationArgs<'referencia.editar'>): Referencia {
  const before = x.detalle_referencia ?? {};
  const detalle = limpiarDetalle(args.detalle_referencia ?? {}, before);
  const tipo = args.tipo_referencia !== undefined ? args.tipo_referencia?.trim() || null : (x.tipo_referencia ?? null);
  const changed = tipo !== (x.tipo_referencia ?? null) || Object.keys(detalle).some((k) => !same(before[k], detalle[k]));
  if (!changed) return x;
  return { ...x, ...(args.tipo_referencia !== undefined ? { tipo_referencia: tipo } : {}), detalle_referencia: { ...before, ...detalle } };
}

export const REGISTRO_MUTATORS = {
  'solicitud.eliminar': async (tx, args) => {
    if (await tx.get('solicitudes', args.solicitudId)) await tx.delete('solicitudes', args.solicitudId);
  },

  'referencia.agregar': (tx, args) =>
    update(tx, args.solicitudId, (r) =>
      (r.referencias ?? []).some((x) => x.id === args.referenciaId)
        ? r
        : {
            ...r,
            referencias: [
              ...(r.referencias ?? []),
              // As the server stores it (agregarReferencia): a blank type is none, a blank name absent.
              { id: args.referenciaId, tipo_referencia: args.tipo_referencia?.trim() || null, detalle_referencia: sinNombreVacio(limpiarDetalle(args.detalle_referencia, null)) },
            ],
          },
    ),

  'referencia.editar': (tx, args) =>
    update(tx, args.solicitudId, (r) => ({
      ...r,
      referencias: (r.referencias ?? []).map((x) => (x.id !== args.referenciaId ? x : editarReferencia(x, args))),
    })),

  'referencia.eliminar': (tx, args) =>
    update(tx, args.solicitudId, (r) => ({
      ...r,
      referencias: (r.referencias ?? []).filter((x) => x.id !== args.referenciaId),
    })),

  'observacion.agregar': (tx, args) =>
    update(tx, args.solicitudId, (r) => {
      const list = r.observaciones ?? [];
      if (list.some((o) => o.id === args.observacionId)) return r;
      const added = {
        id: args.observacionId,
        tipo: args.tipo || 'comentario', // a blank type is a comment, as on the server
        observacion: args.observacion,
        usuario_id: null,
        usuario_nombre: args.usuario_nombre ?? null,
        fecha_creacion: args.fecha_creacion,
      };
      const next = [added, ...list].sort((a, b) => Date.parse(b.fecha_creacion) - Date.parse(a.fecha_creacion));
      return { ...r, observaciones: next };
    }),

  'documento.eliminar': (tx, args) =>
    update(tx, args.solicitudId, (r) => ({
      ...r,
      documentos: (r.documentos ?? []).filter((d) => d.id !== args.documentoId),
    })),
} satisfies MutatorsFor<
  | 'solicitud.eliminar'
  | 'referencia.agregar'
  | 'referencia.editar'
  | 'referencia.eliminar'
  | 'observacion.agregar'
  | 'documento.eliminar'
>;
