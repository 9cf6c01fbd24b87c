/**
 * Search tokens for the `*tokens` multiEntry index of `solicitudes`.
 * Invariants: the tokens come from src/domain/text.ts `searchTokens` (the same folding the list's
 * `matchesSearch` uses), over the full name, the document number, the e-mail and the phones
 * (solicitante.info_extra.telefono/celular and ubicacion.detalle_direccion.celular); they are
 * recomputed every time a row is written (mapRecord), so an edit is findable at once.
 */
import type { Json, SolicitudRecord } from '../domain/solicitud';
import { searchTokens } from '../domain/text';

function str(value: Json | undefined): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** Tokens of one application: full name, document, e-mail and phones. */
export function solicitudTokens(record: SolicitudRecord): string[] {
  const s = record.solicitante;
  const extra = s?.info_extra ?? {};
  const dir = record.ubicacion?.detalle_direccion ?? {};
  return searchTokens([
    s?.nombres,
    s?.primer_apellido,
    s?.segundo_apellido,
    s?.correo,
    s?.numero_documento,
    str(extra.telefono),
    str(extra.celular),
    str(dir.celular),
  ]);
}
