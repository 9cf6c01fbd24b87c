/**
 * The values of a `solicitud.editar` (and of every REST edit, which becomes one): each path must be
 * editable, each value of the right kind and size, and each value the edit changes must pass the
 * shared plausibility rules (src/domain/validacion.ts), judged against the stored record so an old
 * implausible value of a field the edit leaves as it is never blocks the save.
 * Invariants: pure (no database); every refusal is one VALIDATION error carrying a message per
 * path in `fields`, each naming the field by its form label; nothing is half-accepted.
 * The server's edit (server/src/modules/solicitudes/service.ts) judges with `cleanChanges`; the
 * device's optimistic mutator (src/db/mutators.ts) stores the same values through `valorGuardado`,
 * so a value the server normalises to what it already holds changes nothing on either side.
 */
import { AppError } from './errors';
import {
  maxTextLength,
  parseFieldPath,
  readPath,
  REQUIRED_TEXT_MESSAGES,
  type EditableBlock,
  type SolicitudRecord,
} from './solicitud';
import { etiquetaDeCampo, reglaDeCampo, validarCambios } from './validacion';

const REQUIRED_TEXT: Readonly<Record<string, string | undefined>> = REQUIRED_TEXT_MESSAGES;
const NUMERIC_COLUMNS = new Set(['estrato', 'total_ingresos_mensuales', 'total_egresos_mensuales', 'total_activos', 'total_pasivos']);
const OBJECT_COLUMNS = new Set(['detalle_credito', 'preferencias_notificacion']);

class Invalid extends Error {}

/** Checks and normalises one edited value's kind and size; throws Invalid with the field's message. */
function cleanValue(path: string, column: string, key: string | null, value: unknown): unknown {
  const label = etiquetaDeCampo(path);
  const fail = (msg: string): never => {
    throw new Invalid(msg);
  };
  const tooLong = `${label}: el texto es demasiado largo`;
  if (REQUIRED_TEXT[path]) {
    // A number sent for the document number is judged by its rule, as the creation form does.
    if (typeof value === 'number' && reglaDeCampo(path)) value = String(value);
    if (typeof value !== 'string' || !value.trim()) fail(REQUIRED_TEXT[path]);
    if ((value as string).trim().length > maxTextLength(path)) fail(tooLong);
    return (value as string).trim();
  }
  if (key !== null) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      if (typeof value === 'string' && value.length > maxTextLength(path)) fail(tooLong);
      return value;
    }
    if (typeof value === 'object' && JSON.stringify(value).length <= 20_000) return value;
    return fail(`${label}: valor inválido`);
  }
  if (OBJECT_COLUMNS.has(column)) {
    if (!value || typeof value !== 'object' || Array.isArray(value) || JSON.stringify(value).length > 20_000) {
      fail(`${label}: valor inválido`);
    }
    if (column === 'preferencias_notificacion') {
      const v = value as Record<string, unknown>;
      return { email: v.email !== false, sms: v.sms === true };
    }
    return value;
  }
  if (NUMERIC_COLUMNS.has(column)) {
    if (value === null || value === '') return null;
    // Amounts and the estrato are read by their rule (which also takes '$ 3.500.000'); others must be numbers.
    if (reglaDeCampo(column) && (typeof value === 'string' || typeof value === 'number')) return value;
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) fail(`${label}: debe ser un número`);
    return n;
  }
  if (value === null) return null;
  if (typeof value !== 'string') return fail(`${label}: debe ser un texto`);
  // Refused, not cut: bad input changes nothing.
  if (value.trim().length > maxTextLength(path)) return fail(tooLong);
  // No bank is null, never '': a blank bank would read as a bank name.
  if (column === 'banco_nombre') return value.trim() || null;
  return value.trim();
}

export interface CleanChange {
  block: EditableBlock;
  column: string;
  key: string | null;
  sub: string | null;
  value: unknown;
}

/**
 * The edit's changes, checked and normalised, by path. Throws one VALIDATION AppError listing
 * every refused path when any is refused.
 */
export function cleanChanges(
  changes: Record<string, unknown>,
  record: SolicitudRecord,
  opts: { today?: string } = {},
): Map<string, CleanChange> {
  const fields: Record<string, string> = {};
  const parsed = new Map<string, CleanChange>();
  for (const [path, raw] of Object.entries(changes)) {
    const p = parseFieldPath(path);
    if (!p) {
      throw new AppError('VALIDATION', `El campo "${path}" no se puede editar.`, { fields: { [path]: 'Campo no editable' } });
    }
    try {
      parsed.set(path, { ...p, value: cleanValue(path, p.column, p.key, raw) });
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
      fields[path] = err.message;
    }
  }
  const kinds = Object.fromEntries([...parsed].map(([path, c]) => [path, c.value]));
  const ruled = validarCambios(kinds, (path) => readPath(record, path), opts.today);
  Object.assign(fields, ruled.fields);
  const messages = Object.values(fields);
  if (messages.length) throw new AppError('VALIDATION', messages[0], { fields });
  for (const [path, c] of parsed) c.value = ruled.values[path];
  return parsed;
}

/**
 * The value the server stores for one edited path, when it accepts it: `cleanChanges` of that
 * path alone (paths are judged one by one there too); the value as given when it refuses it (the
 * server then rejects the whole edit). `today` only decides whether a birth date is accepted.
 */
export function valorGuardado(path: string, value: unknown, record: SolicitudRecord, today: string): unknown {
  try {
    return cleanChanges({ [path]: value }, record, { today }).get(path)?.value;
  } catch {
    return value;
  }
}
