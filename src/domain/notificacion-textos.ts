/**
 * The texts of the notifications the server writes itself, built from what happened, so each one
 * names the application (radicado) and the applicant, and says who did what. Pure: the server
 * writes them, the notification screens may show the same words.
 */

/** 'RAD-7K2M9QXD' or, for an application the server has not numbered yet, 'sin radicar'. */
export const radicadoTexto = (radicado: string | null | undefined) => (radicado?.trim() ? radicado.trim() : 'sin radicar');

export const TITULO_CAMBIO_BANCO = 'Cambio de Banco en Solicitud';

export interface CambioBanco {
  /** The applicant's full name. */
  nombre: string;
  radicado: string | null;
  anterior: string | null;
  nuevo: string | null;
  /** Who changed it (full name). */
  por: string;
}

const banco = (b: string | null) => (b && b.trim() ? b.trim() : null);

/**
 * 'Adriana Mejía cambió el banco de la solicitud RAD-7K2M9QXD de Juan Pérez Gómez: de Bancolombia
 * a Davivienda.' (or 'asignó el banco …' / 'quitó el banco …' when one side is empty).
 */
export function mensajeCambioBanco(c: CambioBanco): string {
  const solicitud = `la solicitud ${radicadoTexto(c.radicado)} de ${c.nombre}`;
  const antes = banco(c.anterior);
  const despues = banco(c.nuevo);
  if (!antes && despues) return `${c.por} asignó el banco ${despues} a ${solicitud}.`;
  if (antes && !despues) return `${c.por} quitó el banco ${antes} de ${solicitud}.`;
  return `${c.por} cambió el banco de ${solicitud}: de ${antes ?? 'sin banco'} a ${despues ?? 'sin banco'}.`;
}

/** What every notification about an application carries in datos_adicionales to name it. */
export interface DatosSolicitud {
  solicitud_id: string;
  radicado: string | null;
  nombre_cliente: string;
}
