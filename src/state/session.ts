/**
 * The session: kept in localStorage under the spec's keys (access_token, user, cedula, user_id,
 * empresa_id) and restored on load. Logout clears it but keeps `cedula` (spec 01 §3).
 */
import { atom } from 'jotai';
import { normalizeRole } from '../domain/roles';
import type { Session, SessionUser } from '../domain/session';

const KEYS = { token: 'access_token', user: 'user', cedula: 'cedula', userId: 'user_id', empresaId: 'empresa_id' } as const;

export function readStoredSession(): Session | null {
  try {
    const token = localStorage.getItem(KEYS.token);
    const raw = localStorage.getItem(KEYS.user);
    if (!token || !raw) return null;
    const user = JSON.parse(raw) as SessionUser;
    if (!user || typeof user.id !== 'number' || !user.rol) return null;
    return { token, user };
  } catch {
    return null;
  }
}

export function storeSession(s: Session) {
  localStorage.setItem(KEYS.token, s.token);
  localStorage.setItem(KEYS.user, JSON.stringify(s.user));
  localStorage.setItem(KEYS.cedula, s.user.cedula);
  localStorage.setItem(KEYS.userId, String(s.user.id));
  localStorage.setItem(KEYS.empresaId, String(s.user.empresa_id));
}

export function clearStoredSession() {
  localStorage.removeItem(KEYS.token);
  localStorage.removeItem(KEYS.user);
  localStorage.removeItem(KEYS.userId);
  localStorage.removeItem(KEYS.empresaId);
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'authenticated'; session: Session }
  | { status: 'unauthenticated' };

export const sessionAtom = atom<SessionState>({ status: 'loading' });

/** The logged-in user's id (null without a session). */
export const myUserIdAtom = atom((get) => {
  const s = get(sessionAtom);
  return s.status === 'authenticated' ? s.session.user.id : null;
});

/** A login message that outlives the login page (a device login the server then refused). */
export const loginNoticeAtom = atom<string | null>(null);

/** True while the server has refused the stored token (sync is paused until a new login). */
export const sessionExpiredAtom = atom(false);

/**
 * Merges a profile answer over the session user (spec 01 §3): nombre, correo, empresa and
 * imagen_aliado from the answer, keeping the old value of each one the answer lacks.
 */
export function mergeSessionUser(
  user: SessionUser,
  answer: Partial<Pick<SessionUser, 'nombre' | 'correo' | 'usuario' | 'empresa' | 'imagen_aliado'>>,
): SessionUser {
  return {
    ...user,
    nombre: answer.nombre ?? user.nombre,
    correo: answer.correo ?? user.correo,
    usuario: answer.usuario ?? answer.correo ?? user.usuario,
    empresa: answer.empresa ?? user.empresa,
    imagen_aliado: answer.imagen_aliado ?? user.imagen_aliado,
  };
}

/**
 * The session user brought up to date with the server's current record of that user (the
 * `usuario` of GET /api/validate-token): a role, name or e-mail an admin changed since the login
 * reaches the screen (badge, menu, permissions) at the next start instead of the next login.
 * Answers `user` itself when nothing changed or the answer is not this user's record.
 */
export function refreshSessionUser(user: SessionUser, usuario: unknown): SessionUser {
  if (!usuario || typeof usuario !== 'object') return user;
  const u = usuario as Record<string, unknown>;
  if (u.id !== user.id) return user;
  const rol = normalizeRole(u.rol) ?? user.rol;
  const text = (v: unknown, old: string) => (typeof v === 'string' && v.trim() ? v : old);
  const next: SessionUser = {
    ...user,
    rol,
    nombre: text(u.nombre, user.nombre),
    correo: text(u.correo, user.correo),
    cedula: text(u.cedula, user.cedula),
    empresa: text(u.empresa, user.empresa),
    apellido: typeof u.apellido === 'string' || u.apellido === null ? u.apellido : user.apellido,
    usuario: typeof u.usuario === 'string' ? u.usuario : user.usuario,
    imagen_aliado: typeof u.imagen_aliado === 'string' || u.imagen_aliado === null ? u.imagen_aliado : user.imagen_aliado,
    info_extra: u.info_extra && typeof u.info_extra === 'object' && !Array.isArray(u.info_extra) ? (u.info_extra as Record<string, unknown>) : user.info_extra,
  };
  return JSON.stringify(next) === JSON.stringify(user) ? user : next;
}
