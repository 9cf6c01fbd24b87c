/**
 * The operator of a Radica deployment (the «PROVEEDOR» of the legal pages): its identity comes
 * from the server's configuration (LEGAL_* environment variables) and reaches the public pages
 * /terminos-condiciones and /acuerdo-firma through GET /api/legal/operador. The pages never show a
 * placeholder: with nothing configured they say plainly that the operator has not published its
 * details. Pure: shared by the server and the pages.
 */
import * as v from 'valibot';

export interface IdentidadOperador {
  razon_social: string;
  nit: string;
  domicilio: string;
  correo: string;
  /** When the current version of the documents applies, as the operator writes it (free text). */
  vigencia: string;
}

/** The answer of GET /api/legal/operador: the identity, or null when it is not configured. */
export interface OperadorLegal {
  operador: IdentidadOperador | null;
}

const campo = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300));
export const IdentidadOperadorSchema = v.object({
  razon_social: campo,
  nit: campo,
  domicilio: campo,
  correo: campo,
  vigencia: campo,
});
export const OperadorLegalSchema = v.object({ operador: v.nullable(IdentidadOperadorSchema) });

/** Shown on both pages while the operator has not configured its identity. */
export const OPERADOR_NO_PUBLICADO =
  'El operador de esta plataforma aún no ha publicado sus datos de identificación (razón social, NIT, domicilio y correo de contacto) ni la fecha de vigencia de este documento.';

/** What the texts say instead of each datum while the identity is not published. */
export const SIN_PUBLICAR = {
  razon_social: 'el operador de la plataforma, cuya razón social aún no ha sido publicada',
  correo: 'los canales de contacto que EL PROVEEDOR publique en la Plataforma',
  domicilio: 'la dirección que EL PROVEEDOR publique en la Plataforma',
} as const;
