/**
 * Typed errors shared by client, worker and server. The server maps `code` to an HTTP status;
 * the client maps it to a Spanish message. `message` is always a Spanish sentence for a person.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_LARGE',
  'UNSUPPORTED_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  /**
   * A valid session of a user an administrator deleted: 401 like an expired session, but no new
   * login can cure it, so the device stops syncing and removes the company's data
   * (src/app/cuenta-desactivada.ts).
   */
  'CUENTA_DESACTIVADA',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  CUENTA_DESACTIVADA: 401,
};

/** The server's sentence for CUENTA_DESACTIVADA. */
export const CUENTA_DESACTIVADA_MESSAGE =
  'Tu cuenta fue desactivada. Pide ayuda a un administrador de tu empresa.';

export interface ConflictDetail {
  /** Per field: what the author saw, what the server holds, what the author wanted, and (from the
   * audit trail, when the server knows) who last changed it there and when. */
  fields: Record<string, { base: unknown; server: unknown; mine: unknown; changedBy?: string | null; changedById?: number | null; changedAt?: string }>;
  /**
   * A conflict on one reference of the applicant (`referencia.editar`, `referencia.eliminar`):
   * its name on the server, and, when someone deleted it meanwhile, what it held then, so the
   * device can create it again with the person's changes on top.
   */
  referencia?: { nombre: string | null; eliminada?: { tipo_referencia: string | null; detalle_referencia: Record<string, unknown> } };
}

/**
 * Whether every field of a conflict was last changed by `userId` (the same person on another
 * device): then the screens say 'desde otro dispositivo', not 'otra persona'. False when the
 * server did not say who.
 */
export function conflictoPropio(conflict: ConflictDetail | undefined, userId: number | null | undefined): boolean {
  const fields = Object.values(conflict?.fields ?? {});
  return userId != null && fields.length > 0 && fields.every((f) => f.changedById === userId);
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly conflict?: ConflictDetail;
  constructor(
    code: ErrorCode,
    message: string,
    extra?: { fields?: Record<string, string>; conflict?: ConflictDetail },
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = extra?.fields;
    this.conflict = extra?.conflict;
  }
}

/** Errors that a retry may cure (the push stops the batch and answers 503). */
export function isTemporary(code: ErrorCode): boolean {
  return code === 'UNAVAILABLE' || code === 'INTERNAL';
}

export const notFound = (what = 'El recurso') => new AppError('NOT_FOUND', `${what} no existe.`);
export const forbidden = (message = 'No tienes permiso para realizar esta acción.') =>
  new AppError('FORBIDDEN', message);
export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, { fields });
