/**
 * Reading the login answer (spec 01 §5, §7, §8): the access indicator, the user and the token may
 * arrive under several names; each failure maps to its exact Spanish message.
 */
import { normalizeRole, type Role } from './roles';

export interface SessionUser {
  id: number;
  nombre: string;
  rol: Role;
  cedula: string;
  correo: string;
  empresa: string;
  empresa_id: number;
  imagen_aliado: string | null;
  apellido: string | null;
  usuario: string | null;
  info_extra: Record<string, unknown>;
}

export interface Session {
  token: string;
  user: SessionUser;
}

export const LOGIN_ERRORS = {
  denied: 'Credenciales inválidas. Por favor, verifique su email y contraseña.',
  data: 'Error en la respuesta del servidor. Contacte al administrador.',
  token: 'Error de autenticación. Contacte al administrador.',
  network: 'Error de conexión. Verifique su conexión a internet.',
  unknown: 'Error desconocido. Por favor, intente nuevamente.',
} as const;

/** Offline, with a verifier for the e-mail on this device that the password does not match. */
export const DEVICE_WRONG_PASSWORD =
  'Sin conexión: la contraseña no coincide con la guardada en este dispositivo. Escribe la última contraseña con la que entraste aquí.';
/** Shown after a login this device verified while the server could not be asked. */
export const DEVICE_LOGIN_OFFLINE = 'Sin conexión: tus cambios se enviarán cuando vuelva la conexión';

const ACCESS_OK = new Set(['autorizado', 'authorized', 'true', 'success']);

function accessGranted(body: Record<string, unknown>): boolean {
  for (const key of ['acceso', 'status', 'success', 'ok']) {
    const v = body[key];
    if (v === undefined || v === null) continue;
    if (ACCESS_OK.has(String(v).trim().toLowerCase())) return true;
  }
  return false;
}

/** Why a login answer is not a session: `kind` decides, `message` is the exact text to show. */
export class LoginFailure extends Error {
  constructor(
    readonly kind: 'denied' | 'data' | 'token' | 'unknown' | 'server',
    message: string = kind === 'server' ? LOGIN_ERRORS.unknown : LOGIN_ERRORS[kind],
  ) {
    super(message);
    this.name = 'LoginFailure';
  }
}

/** Interprets a login answer; throws a LoginFailure whose message is the exact text to show. */
export function interpretLogin(status: number, body: unknown): Session {
  if (!body || typeof body !== 'object') throw new LoginFailure('data');
  const b = body as Record<string, unknown>;
  if (status === 401 || status === 403) throw new LoginFailure('denied');
  if (status >= 400) {
    const msg = typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : '';
    throw msg ? new LoginFailure('server', `Error: ${msg}`) : new LoginFailure('unknown');
  }
  if (!accessGranted(b)) throw new LoginFailure('denied');
  const raw = (b.usuario ?? b.user ?? b.data) as Record<string, unknown> | undefined;
  const id = Number(raw?.id ?? raw?.id_usuario);
  const rol = normalizeRole(raw?.rol ?? b.rol);
  if (!raw || typeof raw !== 'object' || !Number.isFinite(id) || !rol) throw new LoginFailure('data');
  const token = b.access_token ?? b.token ?? b.accessToken;
  if (typeof token !== 'string' || token.split('.').length !== 3) throw new LoginFailure('token');
  const empresa = (b.empresa ?? {}) as Record<string, unknown>;
  return {
    token,
    user: {
      id,
      nombre: String(raw.nombre ?? ''),
      rol,
      cedula: String(raw.cedula ?? ''),
      correo: String(raw.correo ?? raw.usuario ?? ''),
      empresa: String(raw.empresa ?? empresa.nombre ?? ''),
      empresa_id: Number(raw.empresa_id ?? empresa.id ?? 1),
      imagen_aliado: (raw.imagen_aliado ?? empresa.imagen ?? null) as string | null,
      apellido: (raw.apellido ?? null) as string | null,
      usuario: (raw.usuario ?? null) as string | null,
      info_extra: (raw.info_extra ?? {}) as Record<string, unknown>,
    },
  };
}

/** Maps a thrown fetch/parse error to the spec's message. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof TypeError) return LOGIN_ERRORS.network;
  if (err instanceof Error && err.message) {
    const known = Object.values(LOGIN_ERRORS) as string[];
    if (known.includes(err.message) || err.message.startsWith('Error: ')) return err.message;
    return `Error: ${err.message}`;
  }
  return LOGIN_ERRORS.unknown;
}
