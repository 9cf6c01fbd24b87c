/**
 * Shared shapes of the legal pages (/terminos-condiciones, /acuerdo-firma). The text itself lives
 * in `terms-content.ts` and `signature-agreement-content.ts` as plain data built from the
 * operator's identity (served by GET /api/legal/operador, configured with the server's LEGAL_*
 * variables), so the layout renders it without any HTML injection (strict CSP, no
 * dangerouslySetInnerHTML) and never shows a placeholder.
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
