/**
 * Search tokens of an application, as the search log keeps them (src/db/search-log.ts).
 * Invariants: the tokens come from src/domain/text.ts `searchTokens` (the same folding the list's
 * `matchesSearch` uses), over the full name, the document number, the e-mail, the phones
 * (solicitante.info_extra.telefono/celular and ubicacion.detalle_direccion.celular), the employer
 * (where the list's 'Nombre Empresa' column reads it, `COLUMN_FIELD_PATHS.nombre_empresa`: staff
 * look up payroll credits by the company that pays), the status, the bank, the city and the credit
 * type of the application, plus its radicado whole
 * ('rad-7k2m9qxd') and without 'RAD-' ('7k2m9qxd'), plus one filter token for the status and one
 * for the bank (`filterToken`: starting with a control character no typed word has, so only the
 * list's filters find them, by exact match); they are recomputed every time a row is
 * written (the log middleware), so an edit is findable at once. Changing what goes into them
 * needs a database version that rebuilds the search log (src/db/database.ts, version 8).
 * A token that starts another token is dropped (`pruneTokens`): every prefix test it passes, the
 * longer one passes too, so `matchesSearch` and the index lookups find the same rows with fewer
 * tokens to keep.
 */
import { readPath, type Json, type SolicitudRecord } from '../domain/solicitud';
import { fold, searchTokens } from '../domain/text';
import { normalizeEstado } from '../domain/estados';
import { COLUMN_FIELD_PATHS } from '../domain/columnas';

function str(value: Json | undefined): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** Drops every token that is a prefix of another one (sorted: it would start its successor). */
export function pruneTokens(tokens: string[]): string[] {
  const sorted = [...new Set(tokens)].sort();
  return sorted.filter((t, i) => i === sorted.length - 1 || !sorted[i + 1].startsWith(t));
}

/** 'RAD-7K2M9QXD' -> ['rad-7k2m9qxd', '7k2m9qxd']: found typed whole or without its prefix. */
export function radicadoTokens(radicado: string | null | undefined): string[] {
  const whole = fold(radicado ?? '');
  if (!whole) return [];
  const code = whole.replace(/^rad[^\p{L}\p{N}]*/u, '');
  return code && code !== whole ? [whole, code] : [whole];
}

/** The filter kinds of the list: status and bank. */
export type FilterKind = 'estado' | 'banco';

/** '\u0001estado:en_estudio\u0001' for the status 'En estudio': exact, never a prefix of another. */
export function filterToken(kind: FilterKind, value: string): string {
  return `\u0001${kind}:${fold(value).replace(/\s+/g, '_')}\u0001`;
}

/**
 * Tokens of one application: full name, document, e-mail, phones, employer, status, bank, city,
 * credit type and radicado.
 */
export function solicitudTokens(record: SolicitudRecord): string[] {
  const s = record.solicitante;
  const extra = s?.info_extra ?? {};
  const dir = record.ubicacion?.detalle_direccion ?? {};
  const sol = record.solicitud;
  return pruneTokens([
    ...searchTokens([
      s?.nombres,
      s?.primer_apellido,
      s?.segundo_apellido,
      s?.correo,
      s?.numero_documento,
      str(extra.telefono),
      str(extra.celular),
      str(dir.celular),
      ...COLUMN_FIELD_PATHS.nombre_empresa.map((path) => str(readPath(record, path) as Json | undefined)),
      sol?.estado,
      // As the list shows it too ('Rechazado' reads 'Negado', no status reads 'Pendiente').
      normalizeEstado(sol?.estado),
      sol?.banco_nombre,
      sol?.ciudad_solicitud,
      sol?.tipo_credito,
    ]),
    ...radicadoTokens(sol?.radicado),
    filterToken('estado', sol?.estado || 'Pendiente'),
    ...(sol?.banco_nombre ? [filterToken('banco', sol.banco_nombre)] : []),
  ]);
}
