/**
 * The users screen's data: the local mirror (pulled for admin and supervisor) and the writes,
 * each a queued mutation. A taken e-mail that the mirror already shows is refused here, before
 * queuing, with the server's message; anything else the server refuses comes back as a rejected
 * change, which `useRejections` turns into the service's toast (and the sync panel keeps).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ProblemRow, RadicaDB } from '../../db/database';
import { mutate } from '../../db/mutate';
import { AppError } from '../../domain/errors';
import { uuidv7 } from '../../domain/ids';
import {
  compareUsuarios,
  correoDuplicado,
  USUARIO_BASE_FIELDS,
  type UsuarioRow,
} from '../../domain/usuario';
import { syncStatusAtom } from '../../state/local-data';
import type { UserFormOutput } from './user-form';

/** The users service's messages (spec 01 §8). */
export const USER_ERRORS = {
  load: 'Error cargando usuarios',
  create: 'Error creando usuario',
  update: 'Error actualizando usuario',
  delete: 'Error eliminando usuario',
  get: 'Error obteniendo usuario',
} as const;

export type UsersState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; rows: UsuarioRow[] };

export function useUsuarios(db: RadicaDB): UsersState {
  const syncedAt = useAtomValue(syncStatusAtom)?.lastSyncAt;
  const result = useLiveQuery(async () => {
    try {
      const [stored, shadows] = await Promise.all([db.usuarios.toArray(), db.shadows.where('table').equals('usuarios').toArray()]);
      // A user with a shadow has a change made here that the server has not answered yet; one
      // gone from the mirror but still shadowed was deleted here, and the server still has them.
      const waiting = new Set(shadows.map((s) => String(s.id)));
      const rows = (stored as unknown as UsuarioRow[]).map((u) => (waiting.has(String(u.id)) ? { ...u, pendiente: true } : u));
      const present = new Set(rows.map((u) => String(u.id)));
      for (const s of shadows) {
        const server = s.record as UsuarioRow | null;
        if (!present.has(String(s.id)) && server && typeof server === 'object' && typeof server.nombre === 'string') {
          rows.push({ ...server, id: s.id as number, eliminando: true });
        }
      }
      return { ok: true as const, rows: rows.sort(compareUsuarios) };
    } catch (error) {
      console.error(USER_ERRORS.load, error);
      return { ok: false as const };
    }
  }, [db, syncedAt]);
  if (!result) return { status: 'loading' };
  if (!result.ok) return { status: 'error' };
  // Before the first pull has finished, an empty mirror means "not loaded yet", not "no users".
  if (result.rows.length === 0 && !syncedAt) return { status: 'loading' };
  return { status: 'ready', rows: result.rows };
}

export function useUsuario(db: RadicaDB, id: UsuarioRow['id'] | null) {
  return useLiveQuery(
    async () => (id === null ? null : (((await db.usuarios.get(id)) as unknown as UsuarioRow | undefined) ?? null)),
    [db, id],
  );
}

async function assertCorreoLibre(db: RadicaDB, correo: string, exceptId?: UsuarioRow['id']) {
  const wanted = correo.toLowerCase();
  const taken = await db.usuarios
    .filter((u) => String(u.correo ?? '').toLowerCase() === wanted && u.id !== exceptId)
    .first();
  if (taken) throw new AppError('VALIDATION', correoDuplicado(wanted), { fields: { correo: correoDuplicado(wanted) } });
}

export async function crearUsuario(db: RadicaDB, values: UserFormOutput): Promise<number> {
  await assertCorreoLibre(db, values.correo);
  return mutate(db, 'usuario.crear', { ...values, tempId: uuidv7() });
}

/** Queues only the fields that changed, each with the value the user saw as its base. */
export async function editarUsuario(db: RadicaDB, current: UsuarioRow, values: UserFormOutput): Promise<number | null> {
  const changes: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  const seen: Record<string, unknown> = { ...current, rol: String(current.rol).toLowerCase() };
  for (const field of USUARIO_BASE_FIELDS) {
    const next = values[field];
    const before = field === 'info_extra' ? pickInfo(current.info_extra) : seen[field];
    if (JSON.stringify(next) !== JSON.stringify(before)) {
      changes[field] = next;
      base[field] = field === 'info_extra' ? current.info_extra : seen[field];
    }
  }
  if (values.contraseña) changes.contraseña = values.contraseña;
  if (Object.keys(changes).length === 0) return null;
  if (typeof changes.correo === 'string') await assertCorreoLibre(db, changes.correo, current.id);
  return mutate(db, 'usuario.editar', { usuarioId: current.id as number, changes, base });
}

function pickInfo(info: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const k of ['ciudad', 'banco_nombre', 'linea_credito']) {
    if (typeof info?.[k] === 'string' && (info[k] as string).trim()) out[k] = (info[k] as string).trim();
  }
  return out;
}

export async function eliminarUsuario(db: RadicaDB, id: number): Promise<number> {
  return mutate(db, 'usuario.eliminar', { usuarioId: id });
}

const REJECTION_TITLES: Record<string, string> = {
  'usuario.crear': USER_ERRORS.create,
  'usuario.editar': USER_ERRORS.update,
  'usuario.eliminar': USER_ERRORS.delete,
};

/**
 * Shows a toast when a change queued from this screen comes back rejected (it also stays in the
 * sync panel, where it can be retried or discarded). Returns `watch(mutationId)`.
 */
export function useRejections(db: RadicaDB) {
  const [ids, setIds] = useState<number[]>([]);
  const shown = useRef(new Set<number>());
  const problems = useLiveQuery(
    async (): Promise<ProblemRow[]> => (ids.length ? db.problems.where('id').anyOf(ids).toArray() : []),
    [db, ids],
  );
  useEffect(() => {
    for (const p of problems ?? []) {
      if (shown.current.has(p.id) || p.resolvedAt) continue;
      shown.current.add(p.id);
      const title = REJECTION_TITLES[p.name] ?? 'El servidor rechazó el cambio';
      console.error(title, p.error);
      toast.error(title, { description: p.error });
    }
  }, [problems]);
  return useCallback((id: number | null) => {
    if (id !== null) setIds((prev) => [...prev, id]);
  }, []);
}
