/**
 * Shared shapes and identity data for the legal pages (/terminos-condiciones, /acuerdo-firma).
 * The text itself lives in `terms-content.ts` and `signature-agreement-content.ts` as plain data,
 * so the layout renders it without any HTML injection (strict CSP, no dangerouslySetInnerHTML).
 *
 * The provider's identity is deliberately left as placeholders: the operator of each deployment
 * must replace the strings in `PROVEEDOR` and `FECHA_VIGENCIA` below. Any text matching
 * `[... — completar]` is highlighted on screen and triggers a notice for the operator; once all
 * placeholders are replaced, both the highlight and the notice disappear on their own.
 */

export interface SubseccionLegal {
  titulo: string;
  parrafos: readonly string[];
}

export interface SeccionLegal {
  /** Anchor id, unique within the page (kebab-case, no accents). */
  id: string;
  titulo: string;
  parrafos: readonly string[];
  subsecciones?: readonly SubseccionLegal[];
}

export interface IdentidadProveedor {
  razonSocial: string;
  nit: string;
  direccion: string;
  correo: string;
}

/** Identity of the provider (operator of the platform). TO BE FILLED IN by the operator. */
export const PROVEEDOR: Readonly<IdentidadProveedor> = {
  razonSocial: '[RAZÓN SOCIAL DEL OPERADOR — completar]',
  nit: '[NIT — completar]',
  direccion: '[DIRECCIÓN — completar]',
  correo: '[CORREO DE CONTACTO — completar]',
};

/** Date from which the current version of both documents applies. TO BE FILLED IN. */
export const FECHA_VIGENCIA = '[FECHA DE ENTRADA EN VIGENCIA — completar]';

const MARCADOR = /(\[[^\]]*completar\])/i;

export interface SegmentoTexto {
  texto: string;
  /** True when the segment is a placeholder the operator still has to fill in. */
  marcador: boolean;
}

/** Splits a paragraph into plain text and placeholder segments, in order. */
export function dividirMarcadores(texto: string): SegmentoTexto[] {
  return texto
    .split(MARCADOR)
    .filter((parte) => parte !== '')
    .map((parte) => ({ texto: parte, marcador: MARCADOR.test(parte) }));
}

function tieneMarcador(texto: string | undefined): boolean {
  return texto !== undefined && MARCADOR.test(texto);
}

/** Whether any text of the page still holds a placeholder (drives the operator notice). */
export function contieneMarcadores(
  secciones: readonly SeccionLegal[],
  ...extras: (string | undefined)[]
): boolean {
  return (
    extras.some(tieneMarcador) ||
    secciones.some(
      (s) =>
        s.parrafos.some(tieneMarcador) ||
        (s.subsecciones ?? []).some((sub) => sub.parrafos.some(tieneMarcador)),
    )
  );
}
