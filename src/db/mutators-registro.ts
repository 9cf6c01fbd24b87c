/**
 * Optimistic mutators of the 'Editar Registro' modal: references, observations, documents and the
 * deletion of an application. Same invariants as mutators.ts: they read and write only through the
 * MutatorTx they get, are deterministic in (state, args) (the observation's time and author come
 * in the args), and creating an item whose id is already there changes nothing.
 * They are registered by mutators.ts through `registerRegistroMutators` (a function, not a side
 * effect, so there is no import cycle at module evaluation).
 */
import type { SolicitudRecord } from '../domain/solicitud';
import type { registerMutator as RegisterMutator } from './mutators';

export function registerRegistroMutators(register: typeof RegisterMutator): void {
  register('solicitud.eliminar', async (tx, args) => {
    if (await tx.get('solicitudes', args.solicitudId)) await tx.delete('solicitudes', args.solicitudId);
  });

  const update = async (
    tx: Parameters<Parameters<typeof RegisterMutator>[1]>[0],
    id: string,
    fn: (record: SolicitudRecord) => SolicitudRecord,
  ) => {
    const record = await tx.get('solicitudes', id);
    if (record) await tx.put('solicitudes', fn(record));
  };

  register('referencia.agregar', (tx, args) =>
    update(tx, args.solicitudId, (r) =>
      (r.referencias ?? []).some((x) => x.id === args.referenciaId)
        ? r
        : {
            ...r,
            referencias: [
              ...(r.referencias ?? []),
              { id: args.referenciaId, tipo_referencia: args.tipo_referencia, detalle_referencia: { ...args.detalle_referencia } },
            ],
          },
    ),
  );

  register('referencia.editar', (tx, args) =>
    update(tx, args.solicitudId, (r) => ({
      ...r,
      referencias: (r.referencias ?? []).map((x) =>
        x.id !== args.referenciaId
          ? x
          : {
              ...x,
              ...(args.tipo_referencia !== undefined ? { tipo_referencia: args.tipo_referencia } : {}),
              detalle_referencia: { ...x.detalle_referencia, ...(args.detalle_referencia ?? {}) },
            },
      ),
    })),
  );

  register('referencia.eliminar', (tx, args) =>
    update(tx, args.solicitudId, (r) => ({
      ...r,
      referencias: (r.referencias ?? []).filter((x) => x.id !== args.referenciaId),
    })),
  );

  register('observacion.agregar', (tx, args) =>
    update(tx, args.solicitudId, (r) => {
      const list = r.observaciones ?? [];
      if (list.some((o) => o.id === args.observacionId)) return r;
      const added = {
        id: args.observacionId,
        tipo: args.tipo ?? 'comentario',
        observacion: args.observacion,
        usuario_id: null,
        usuario_nombre: args.usuario_nombre ?? null,
        fecha_creacion: args.fecha_creacion,
      };
      const next = [added, ...list].sort((a, b) => Date.parse(b.fecha_creacion) - Date.parse(a.fecha_creacion));
      return { ...r, observaciones: next };
    }),
  );

  register('documento.eliminar', (tx, args) =>
    update(tx, args.solicitudId, (r) => ({
      ...r,
      documentos: (r.documentos ?? []).filter((d) => d.id !== args.documentoId),
    })),
  );
}
