/**
 * Optimistic mutators of the users mirror (admin and supervisor) and the own profile.
 * Invariants:
 * - The local `usuarios` table never holds a password: the mutators copy only the public fields.
 *   A password travels in the mutation args (to the server, over HTTPS) and lives only in this
 *   user's own outbox until the push is answered; a rejected change is stored without it
 *   (`redactSecrets` in src/domain/mutations.ts), so retrying a rejected creation needs the form.
 * - Users keep the server's integer ids (ARCHITECTURE.md §5). A user created here is shown under
 *   its creation's `tempId` (a UUID string key, so it can never collide with an integer id), with
 *   `local: true`, written with `putLocal`: the row exists only while `usuario.crear` is pending.
 *   When the server applies it, folding skips the temporary row, the rebase drops it, and the pull
 *   brings the same user under its integer id; when the server rejects it, the rebase drops it and
 *   the rejection is in the sync panel. A temporary user cannot be edited or deleted (the screen
 *   disables it; the server would not know the key) until it has its id.
 * - Mutators only use the `MutatorTx` they get and are deterministic in (state, args).
 */
import type { CrearUsuarioArgs, EditarPerfilArgs, EditarUsuarioArgs, EliminarUsuarioArgs } from '../domain/mutations';
import { bancoDeLista, mergeInfoExtra, mismoDatoUsuario, USUARIO_BASE_FIELDS, type InfoExtra, type UsuarioRow } from '../domain/usuario';
import type { Mutator, MutatorsFor } from './mutators';

const crear: Mutator<CrearUsuarioArgs> = async (tx, args) => {
  const row: UsuarioRow = {
    id: args.tempId,
    nombre: args.nombre,
    apellido: null,
    correo: args.correo,
    cedula: args.cedula,
    rol: args.rol,
    info_extra: args.info_extra,
    created_at: null,
    local: true,
  };
  await tx.putLocal('usuarios', { ...row });
};

/** The bank the user has, in any spelling, keeps its stored spelling (as on the server). */
function mismoBanco(stored: Record<string, unknown> | null | undefined, edited: InfoExtra): InfoExtra {
  const actual = String(stored?.banco_nombre ?? '');
  const banco = edited.banco_nombre && bancoDeLista([actual], edited.banco_nombre);
  return banco ? { ...edited, banco_nombre: banco } : edited;
}

/**
 * The changed fields over the mirrored row; when every field is the same as stored (trimmed, in
 * any key order: `mismoDatoUsuario`, the server's own test) nothing is written, as on the server,
 * which then never sends the row back.
 */
const editar: Mutator<EditarUsuarioArgs> = async (tx, args) => {
  const row = (await tx.get('usuarios', args.usuarioId)) as UsuarioRow | undefined;
  if (!row) return;
  const { changes } = args;
  const next = {
    nombre: changes.nombre ?? row.nombre,
    cedula: changes.cedula ?? row.cedula,
    correo: changes.correo ?? row.correo,
    rol: changes.rol ?? row.rol,
    info_extra: changes.info_extra ? mergeInfoExtra(row.info_extra, mismoBanco(row.info_extra, changes.info_extra)) : row.info_extra,
  };
  if (USUARIO_BASE_FIELDS.every((f) => mismoDatoUsuario(row[f], next[f]))) return;
  await tx.put('usuarios', { ...row, ...next });
};
const eliminar: Mutator<EliminarUsuarioArgs> = async (tx, args) => {
  await tx.delete('usuarios', args.usuarioId);
};

/**
 * The session itself is updated by the profile screen; the mirror (if any) follows here. Like the
 * server (editarPerfil), the same name and the same e-mail in any case change nothing.
 */
const perfil: Mutator<EditarPerfilArgs> = async (tx, args) => {
  const row = (await tx.get('usuarios', args.usuarioId)) as UsuarioRow | undefined;
  if (!row) return;
  if (args.nombre === row.nombre && args.correo.toLowerCase() === row.correo.toLowerCase()) return;
  await tx.put('usuarios', { ...row, nombre: args.nombre, correo: args.correo });
};

export const USUARIO_MUTATORS = {
  'usuario.crear': crear,
  'usuario.editar': editar,
  'usuario.eliminar': eliminar,
  'perfil.editar': perfil,
} satisfies MutatorsFor<'usuario.crear' | 'usuario.editar' | 'usuario.eliminar' | 'perfil.editar'>;
