/**
 * The e-mails Radica queued about one application, as staff read them in 'Editar Registro'
 * (`GET /api/solicitudes/{id}/correos`): each with its recipient, subject and where it is. A
 * message is 'enviado' only once an SMTP server accepted it; 'pendiente' is still waiting (or
 * being retried); 'fallido' was given up, with the reason, and can be queued again
 * (`POST /api/solicitudes/{id}/correos/{correoId}/reintentar`). Pure; shared by server and client.
 */

export const ESTADOS_CORREO = ['pendiente', 'enviado', 'fallido'] as const;
export type EstadoCorreo = (typeof ESTADOS_CORREO)[number];

export interface CorreoSolicitud {
  id: number;
  tipo: string;
  destinatario: string;
  asunto: string;
  estado: EstadoCorreo;
  intentos: number;
  /** Why the last attempt failed (an SMTP reply such as '550 Buzón no disponible'); null when none. */
  ultimo_error: string | null;
  creado_en: string;
  enviado_en: string | null;
}

export const CORREO_NO_EXISTE = 'El correo no existe o no tienes acceso a él.';
export const CORREO_NO_FALLIDO = 'Este correo no ha fallado; no hay nada que reintentar.';

/**
 * Why a message was not sent, in words for staff: the SMTP server's reply when it gave one
 * ('El servidor de correo respondió: 550 Buzón no disponible'), else what went wrong on the way,
 * never a bare internal code ('EMESSAGE:', 'ECONNREFUSED').
 */
export function motivoCorreo(ultimoError: string | null): string | null {
  if (!ultimoError?.trim()) return null;
  const m = /^(E[A-Z]+):\s*(.*)$/s.exec(ultimoError.trim());
  const code = m?.[1] ?? '';
  const text = (m ? m[2] : ultimoError).trim();
  if (/^[245]\d\d\b/.test(text)) return `El servidor de correo respondió: ${text}`;
  if (code === 'EAUTH') return 'El servidor de correo rechazó el usuario o la contraseña de Radica.';
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ESOCKET|EDNS|ECONNECTION|EHOSTUNREACH|ENOTFOUND)$/.test(code)) {
    return 'No se pudo conectar con el servidor de correo.';
  }
  return text || null;
}
