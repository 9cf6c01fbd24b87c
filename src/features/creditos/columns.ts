/**
 * Which columns the credits list shows (spec 01 §9, spec 02 §3) and how a cell reads its value.
 * Pure: the page feeds it the company's column configuration and a sample of rows.
 * - A configuration (`columnas` rows) wins: active columns sorted by `orden`.
 * - Without one, the defaults Fecha, Nombre, Número Documento, Correo, Estado, plus Celular,
 *   Tipo Crédito and Banco when some row has them, in the spec's preferred order, then Monto (the
 *   requested amount, one of the list's orders, issue 28) when some row has one.
 * - Amounts read '$ 180.000.000'.
 * - The fixed hidden columns never show.
 */
import { configuredColumnFields, defaultColumnas, isPresent, resolveField } from '../../domain/columnas';
import { fullName, type SolicitudRecord } from '../../domain/solicitud';
import { hasOptionLabels, optionLabel } from '../../domain/opciones';
import { fold } from '../../domain/text';
import { formatDay } from './date-range';
import { formatMoney, isMoneyKey } from '../../domain/format';
import type { SortField } from '../../db/sort-order';

/** A `columnas` row as the server sends it; every field is checked before use. */
export interface ColumnaConfig {
  id?: unknown;
  nombre?: unknown;
  nombre_interno?: unknown;
  activo?: unknown;
  orden?: unknown;
}

/** 'fecha': creation date; 'nombre': full name (+ radicado); 'estado': badge (+ select). */
export type ColumnKind = 'fecha' | 'nombre' | 'estado' | 'campo';

export interface CreditColumn {
  id: string;
  header: string;
  kind: ColumnKind;
  /** The internal field a 'campo' column reads (spec 02 §3 names, or a configured field's key). */
  field: string | null;
  /** A configured field whose value is one of its options: it reads by the option's label. */
  list?: boolean;
}

export const HIDDEN_COLUMNS = [
  'Id',
  'Created At',
  'Updated At',
  'Empresa Id',
  'Id Solicitante',
  'Solicitante Id',
  'Id Solicitud',
] as const;

export const PREFERRED_ORDER = [
  'Fecha',
  'Nombre',
  'Número Documento',
  'Correo',
  'Estado',
  'Celular',
  'Tipo Crédito',
  'Banco',
  'Monto',
] as const;

const DEFAULTS: Record<(typeof PREFERRED_ORDER)[number], CreditColumn> = {
  Fecha: { id: 'fecha', header: 'Fecha', kind: 'fecha', field: null },
  Nombre: { id: 'nombre', header: 'Nombre', kind: 'nombre', field: null },
  'Número Documento': { id: 'numero_documento', header: 'Número Documento', kind: 'campo', field: 'numero_documento' },
  Correo: { id: 'correo', header: 'Correo', kind: 'campo', field: 'correo' },
  Estado: { id: 'estado', header: 'Estado', kind: 'estado', field: 'estado' },
  Celular: { id: 'celular', header: 'Celular', kind: 'campo', field: 'celular' },
  'Tipo Crédito': { id: 'tipo_credito', header: 'Tipo Crédito', kind: 'campo', field: 'tipo_credito' },
  Banco: { id: 'banco_nombre', header: 'Banco', kind: 'campo', field: 'banco_nombre' },
  Monto: { id: 'monto_solicitado', header: 'Monto', kind: 'campo', field: 'monto_solicitado' },
};

/** 'Created_At', 'created at', 'createdAt' -> 'created at'. */
function headerKey(value: string): string {
  return fold(value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ')).replace(/\s+/g, ' ');
}
const HIDDEN_KEYS = new Set(HIDDEN_COLUMNS.map(headerKey));

export function isHiddenColumn(name: string): boolean {
  return HIDDEN_KEYS.has(headerKey(name));
}


const ISO_DATE = /^\d{4}-\d{2}-\d{2}($|T|\s)/;

/** The text of a 'campo' cell: dates as dd/mm/yyyy, booleans Sí/No, numbers in es-CO. */
export function formatValue(value: unknown): string {
  if (!isPresent(value)) return '';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return value.toLocaleString('es-CO');
  const s = String(value).trim();
  if (ISO_DATE.test(s)) return formatDay(s) || s;
  return s;
}

/** The plain text of a cell (the estado column gets the raw status; the page normalises it). */
export function cellText(record: SolicitudRecord, column: CreditColumn): string {
  switch (column.kind) {
    case 'fecha':
      return formatDay(record.solicitud?.created_at);
    case 'nombre':
      return record.solicitante ? fullName(record.solicitante) : 'Sin nombre';
    case 'estado':
      return String(record.solicitud?.estado ?? '');
    default: {
      if (!column.field) return '';
      const value = resolveField(record, column.field);
      const amount = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : null;
      if (amount !== null && isMoneyKey(column.field)) return formatMoney(amount);
      const text = formatValue(value);
      // A listed field reads by its label ('Libre inversión'), as in the form, not its stored key.
      const key = column.field.split('.').pop()!;
      return text && (hasOptionLabels(key) || column.list) ? optionLabel(key, text) : text;
    }
  }
}

function kindOf(field: string): ColumnKind {
  const f = field.toLowerCase();
  if (f === 'estado' || f === 'estado_solicitud') return 'estado';
  if (f === 'fecha' || f === 'created_at' || f === 'fecha_creacion') return 'fecha';
  if (f === 'nombre' || f === 'nombre_completo') return 'nombre';
  return 'campo';
}

/** Active configured columns by `orden`, hidden ones dropped; [] when nothing usable is configured. */
export function columnsFromConfig(config: readonly ColumnaConfig[]): CreditColumn[] {
  const usable = config
    .filter((c) => c.activo === true || c.activo === 1 || c.activo === 'true')
    .map((c, index) => {
      const field = typeof c.nombre_interno === 'string' ? c.nombre_interno.trim() : '';
      const nombre = typeof c.nombre === 'string' ? c.nombre.trim() : '';
      const orden = Number(c.orden);
      return { field, header: nombre || field, orden: Number.isFinite(orden) ? orden : 999, index, id: c.id };
    })
    .filter((c) => c.header && !isHiddenColumn(c.header));
  usable.sort((a, b) => a.orden - b.orden || a.index - b.index);
  return usable.map((c) => ({
    id: `cfg-${String(c.id ?? c.index)}-${c.field || c.header}`,
    header: c.header,
    kind: kindOf(c.field || c.header),
    field: c.field || null,
  }));
}

/** The default columns, adding Celular, Tipo Crédito and Banco when some sample row has them. */
export function defaultColumns(sample: readonly SolicitudRecord[]): CreditColumn[] {
  // Which ones is the domain's rule: 'Configuración Tabla' starts from the same list.
  const names: string[] = defaultColumnas(sample).map((c) => c.nombre);
  return PREFERRED_ORDER.filter((n) => names.includes(n)).map((n) => DEFAULTS[n]);
}

/**
 * The list's columns: the company's configuration when it has any, else the defaults. A column of
 * a configured field (`definitions`) is headed by the field's current label, and a list field's
 * column reads by its options' labels, as the form does.
 */
export function resolveColumns(
  config: readonly ColumnaConfig[],
  sample: readonly SolicitudRecord[],
  definitions: readonly unknown[] = [],
): CreditColumn[] {
  const configured = columnsFromConfig(config);
  if (!configured.length) return defaultColumns(sample);
  const fields = new Map(configuredColumnFields(definitions).map((f) => [f.key, f]));
  return configured.map((c) => {
    const f = c.field ? fields.get(c.field) : undefined;
    if (!f) return c;
    // The header follows the field's label (a rename in 'Campos' reaches the list: columnaNombre).
    return f.list ? { ...c, header: f.label, list: true } : { ...c, header: f.label };
  });
}

/** The order a column's header sets (issue 28), or null when the list has no order by it. */
export function sortFieldOf(column: CreditColumn): SortField | null {
  if (column.kind === 'fecha' || column.kind === 'nombre' || column.kind === 'estado') return column.kind;
  if (column.field === 'monto_solicitado') return 'monto';
  if (column.field === 'nombres') return 'nombre';
  return null;
}

/** The column that also carries the radicado and the 'Sin sincronizar' badge. */
export function primaryColumnIndex(columns: readonly CreditColumn[]): number {
  const byKind = columns.findIndex((c) => c.kind === 'nombre');
  if (byKind >= 0) return byKind;
  const byField = columns.findIndex((c) => c.field === 'nombres');
  return byField >= 0 ? byField : 0;
}
