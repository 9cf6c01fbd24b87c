/**
 * Table columns of the credits list (spec 02 §3 'Table column'): the internal fields a column may
 * show, with their display names, and the rules of a column list. Shared by the 'Configuración
 * Tabla' tab and the server. Pure.
 * Besides spec 02 §3's fields, a column may show any field the company configured (its active
 * fields of the applicant, the address, the activity, the finances and the credit that hold one
 * value: not files or groups of sub-fields), named by its label.
 */
import { dynamicFieldsOf } from './campos-fijos';
import { SINGLE_ENTITIES } from './registro';
import { etiquetaDeCampo } from './validacion';

/** Spec 02 §3's selectable internal fields, in the spec's order, with a display name each. */
export const COLUMN_FIELD_LABELS: Record<string, string> = {
  nombres: 'Nombres',
  primer_apellido: 'Primer Apellido',
  segundo_apellido: 'Segundo Apellido',
  numero_documento: 'Número Documento',
  tipo_identificacion: 'Tipo Identificación',
  correo: 'Correo',
  fecha_nacimiento: 'Fecha Nacimiento',
  genero: 'Género',
  celular: 'Celular',
  estado_civil: 'Estado Civil',
  fecha_expedicion: 'Fecha Expedición',
  lugar_nacimiento: 'Lugar Nacimiento',
  nacionalidad: 'Nacionalidad',
  nivel_estudio: 'Nivel Estudio',
  personas_a_cargo: 'Personas a Cargo',
  profesion: 'Profesión',
  telefono: 'Teléfono',
  ciudad_residencia: 'Ciudad Residencia',
  departamento_residencia: 'Departamento Residencia',
  direccion_residencia: 'Dirección Residencia',
  tipo_vivienda: 'Tipo Vivienda',
  paga_arriendo: 'Paga Arriendo',
  tipo_actividad_economica: 'Tipo Actividad Económica',
  codigo_ciuu_empresa: 'Código CIIU Empresa',
  correo_electronico_empresa: 'Correo Empresa',
  departamento_empresa: 'Departamento Empresa',
  fecha_ingreso_empresa: 'Fecha Ingreso Empresa',
  nit_empresa: 'NIT Empresa',
  nombre_empresa: 'Nombre Empresa',
  sector_economico_empresa: 'Sector Económico Empresa',
  telefono_empresa: 'Teléfono Empresa',
  tipo_contrato: 'Tipo Contrato',
  paga_impuestos_fuera: 'Paga Impuestos Fuera',
  arriendos: 'Arriendos',
  declara_renta: 'Declara Renta',
  gastos_financieros_mensuales: 'Gastos Financieros Mensuales',
  gastos_personales_mensuales: 'Gastos Personales Mensuales',
  honorarios: 'Honorarios',
  ingreso_basico_mensual: 'Ingreso Básico Mensual',
  ingreso_variable_mensual: 'Ingreso Variable Mensual',
  ingresos_actividad_independiente: 'Ingresos Actividad Independiente',
  ingresos_fijos_pension: 'Ingresos Fijos Pensión',
  ingresos_por_ventas: 'Ingresos por Ventas',
  ingresos_varios: 'Ingresos Varios',
  otros_ingresos_mensuales: 'Otros Ingresos Mensuales',
  total_activos: 'Total Activos',
  total_egresos_mensuales: 'Total Egresos Mensuales',
  total_ingresos_mensuales: 'Total Ingresos Mensuales',
  total_pasivos: 'Total Pasivos',
  banco_nombre: 'Banco',
  ciudad_solicitud: 'Ciudad Solicitud',
  estado: 'Estado',
  tipo_credito: 'Tipo Crédito',
  monto_solicitado: 'Monto Solicitado',
  plazo_tiempo: 'Plazo',
  celular_referencia: 'Celular Referencia',
  ciudad_referencia: 'Ciudad Referencia',
  nombre_referencia: 'Nombre Referencia',
  relacion_referencia: 'Relación Referencia',
  tipo_referencia: 'Tipo Referencia',
};
export const COLUMN_FIELDS: readonly string[] = Object.keys(COLUMN_FIELD_LABELS);

/**
 * Columns the list draws itself rather than reading one stored field: the creation date and the
 * full name (with the radicado). Spec 01 §9's defaults start with them, so a configuration that
 * starts from the defaults (and an admin who removed one and wants it back) needs them too.
 */
export const LIST_COLUMN_LABELS: Record<string, string> = { fecha: 'Fecha', nombre: 'Nombre' };

export interface Columna {
  id?: number;
  nombre: string;
  nombre_interno: string;
  activo: boolean;
  orden: number;
}

/** Spec 01 §9: 'Default columns if nothing is configured: Fecha, Nombre, Número Documento, Correo, Estado'. */
export const DEFAULT_COLUMNAS: ReadonlyArray<Pick<Columna, 'nombre' | 'nombre_interno'>> = [
  { nombre: 'Fecha', nombre_interno: 'fecha' },
  { nombre: 'Nombre', nombre_interno: 'nombre' },
  { nombre: 'Número Documento', nombre_interno: 'numero_documento' },
  { nombre: 'Correo', nombre_interno: 'correo' },
  { nombre: 'Estado', nombre_interno: 'estado' },
];

/** Spec 01 §9's preferred order goes on with these, shown by default when some row has them (Monto: issue 28). */
const DEFAULT_WHEN_PRESENT: ReadonlyArray<Pick<Columna, 'nombre' | 'nombre_interno'>> = [
  { nombre: 'Celular', nombre_interno: 'celular' },
  { nombre: 'Tipo Crédito', nombre_interno: 'tipo_credito' },
  { nombre: 'Banco', nombre_interno: 'banco_nombre' },
  { nombre: 'Monto', nombre_interno: 'monto_solicitado' },
];

/**
 * How many of the newest rows tell whether Celular, Tipo Crédito, Banco or Monto are shown by
 * default: enough to know whether the data has them, without making the columns jump from page to page.
 */
export const DEFAULT_COLUMNS_SAMPLE = 200;

/**
 * The columns the credits list shows while nothing is configured: spec 01 §9's defaults, then
 * Celular, Tipo Crédito, Banco and Monto when some row of `sample` has them, numbered from 1.
 * 'Configuración Tabla' starts from this list when nothing is configured, so a first added column
 * joins the columns the list showed instead of replacing them.
 */
export function defaultColumnas(sample: readonly unknown[] = []): Columna[] {
  const extra = DEFAULT_WHEN_PRESENT.filter((c) => sample.some((r) => isPresent(resolveField(r, c.nombre_interno))));
  return [...DEFAULT_COLUMNAS, ...extra].map((c, i) => ({ ...c, activo: true, orden: i + 1 }));
}

/** `columnas` with one more column at the end, active, numbered after the last. */
export function appendColumna(columnas: readonly Columna[], nombre_interno: string, nombre: string): Columna[] {
  return [...reindex(columnas), { nombre, nombre_interno, activo: true, orden: columnas.length + 1 }];
}

export const SELECT_FIELD_REQUIRED = 'Por favor selecciona un campo';
export const INVALID_FIELD = 'Campo no válido';
export const DELETE_COLUMN_CONFIRM = '¿Estás seguro de eliminar esta columna?';

/**
 * Where a spec 02 §3 field lives when its internal name differs from the stored key (the list tries
 * these before its generic search through the blocks). A configured field stored at one of these
 * places is already that column, so it is not offered again under its own label.
 */
export const COLUMN_FIELD_PATHS: Record<string, string[]> = {
  estado: ['solicitud.estado'],
  celular: ['ubicacion.detalle_direccion.celular', 'solicitante.info_extra.celular'],
  telefono: ['solicitante.info_extra.telefono'],
  correo: ['solicitante.correo'],
  banco_nombre: ['solicitud.banco_nombre', 'solicitud.detalle_credito.banco'],
  tipo_credito: ['solicitud.tipo_credito', 'solicitud.detalle_credito.tipo_credito'],
  plazo_tiempo: ['solicitud.detalle_credito.plazo_tiempo', 'solicitud.detalle_credito.plazo_meses'],
  nombre_empresa: ['actividad_economica.detalle_actividad.empresa'],
  sector_economico_empresa: ['actividad_economica.sector_economico'],
  codigo_ciuu_empresa: ['actividad_economica.codigo_ciiu', 'actividad_economica.detalle_actividad.codigo_ciiu'],
  correo_electronico_empresa: ['actividad_economica.correo_oficina'],
  nit_empresa: ['actividad_economica.nit'],
  fecha_ingreso_empresa: ['actividad_economica.detalle_actividad.fecha_ingreso'],
  departamento_empresa: ['actividad_economica.departamento_empresa'],
  telefono_empresa: ['actividad_economica.telefono_empresa', 'actividad_economica.detalle_actividad.telefono_empresa'],
  tipo_referencia: ['referencias.0.tipo_referencia'],
  nombre_referencia: ['referencias.0.detalle_referencia.nombre'],
  relacion_referencia: ['referencias.0.detalle_referencia.relacion'],
  ciudad_referencia: ['referencias.0.detalle_referencia.ciudad'],
  celular_referencia: ['referencias.0.detalle_referencia.celular'],
};

// The generic search order of spec 02 §3's selectable fields: block, then its JSON column.
const CONTAINERS = [
  'solicitante',
  'solicitante.info_extra',
  'ubicacion',
  'ubicacion.detalle_direccion',
  'actividad_economica',
  'actividad_economica.detalle_actividad',
  'informacion_financiera',
  'informacion_financiera.detalle_financiera',
  'solicitud',
  'solicitud.detalle_credito',
];

function getPath(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** A value a cell can show: a non-blank string, a number or a boolean. */
export function isPresent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return typeof value === 'number' || typeof value === 'boolean';
}

/** The value of an internal field in an application record, or undefined when no block holds it. */
export function resolveField(record: unknown, field: string): unknown {
  for (const path of COLUMN_FIELD_PATHS[field] ?? []) {
    const v = getPath(record, path);
    if (isPresent(v)) return v;
  }
  for (const container of CONTAINERS) {
    const v = getPath(record, `${container}.${field}`);
    if (isPresent(v)) return v;
  }
  return undefined;
}

/** 'entity.key' of every configured key a spec field's column already reads ('solicitud.plazo_meses'). */
const SPEC_STORED = new Set(
  Object.values(COLUMN_FIELD_PATHS)
    .flat()
    .map((path) => path.split('.'))
    .map((parts) => `${parts[0]}.${parts[parts.length - 1]}`),
);

/** A configured field a column may show. `list`: its value is one of its options. */
export interface ConfiguredColumnField {
  key: string;
  label: string;
  list: boolean;
}

/**
 * The company's configured fields a column may show, in the form's order, beyond spec 02 §3's
 * (a key in both is spec 02 §3's). A key configured in two sections is the first section's.
 */
export function configuredColumnFields(definitions: readonly unknown[]): ConfiguredColumnField[] {
  const out: ConfiguredColumnField[] = [];
  const seen = new Set<string>([...COLUMN_FIELDS, ...Object.keys(LIST_COLUMN_LABELS)]);
  // The entities with one of each per application (references are many per applicant).
  for (const entity of SINGLE_ENTITIES) {
    for (const d of dynamicFieldsOf(entity, definitions)) {
      if (d.type === 'file' || d.type === 'object' || seen.has(d.key) || SPEC_STORED.has(`${entity}.${d.key}`)) continue;
      seen.add(d.key);
      out.push({ key: d.key, label: d.description?.trim() || etiquetaDeCampo(d.key), list: d.type === 'array' });
    }
  }
  return out;
}

/**
 * Every internal field a column may show, with its display name: the list's own Fecha and Nombre,
 * spec 02 §3's, then the configured ones.
 */
export function columnFieldLabels(definitions: readonly unknown[] = []): Record<string, string> {
  const labels: Record<string, string> = { ...LIST_COLUMN_LABELS, ...COLUMN_FIELD_LABELS };
  for (const f of configuredColumnFields(definitions)) labels[f.key] = f.label;
  return labels;
}

/**
 * A column's display name. A column of a configured field follows the field's current label, so
 * renaming the field in 'Campos' renames its column too (its stored `nombre` is the label it had
 * when the column was added); any other column keeps its stored name ('Monto', 'Banco').
 */
export function columnaNombre(
  col: Pick<Columna, 'nombre' | 'nombre_interno'>,
  configured: readonly Pick<ConfiguredColumnField, 'key' | 'label'>[],
): string {
  return configured.find((f) => f.key === col.nombre_interno)?.label ?? col.nombre;
}

export function isColumnField(field: unknown, labels: Readonly<Record<string, string>> = COLUMN_FIELD_LABELS): field is string {
  return typeof field === 'string' && Object.hasOwn(labels, field);
}

/** The fields not yet used by a column: spec 02 §3's in its order, then the configured ones. */
export function availableColumnFields(
  columnas: ReadonlyArray<Pick<Columna, 'nombre_interno'>>,
  labels: Readonly<Record<string, string>> = COLUMN_FIELD_LABELS,
): string[] {
  const used = new Set(columnas.map((c) => c.nombre_interno));
  return Object.keys(labels).filter((f) => !used.has(f));
}

/** Sorted by orden, then renumbered 1, 2, 3… (after a delete or a drag). */
export function reindex<T extends Pick<Columna, 'orden'>>(columnas: readonly T[]): T[] {
  return columnas.map((c, i) => ({ ...c, orden: i + 1 }));
}

export function sortColumnas<T extends Pick<Columna, 'orden'>>(columnas: readonly T[]): T[] {
  return [...columnas].sort((a, b) => a.orden - b.orden);
}

/**
 * A full column list's rules (PUT): known fields, no repeats, a name each, orden ≥ 1. `labels` are
 * the fields a column may show (`columnFieldLabels`); the server adds the columns it already has,
 * so a column whose configured field was retired later can still be moved or removed.
 */
export function columnasErrors(
  columnas: ReadonlyArray<Partial<Columna>>,
  labels: Readonly<Record<string, string>> = COLUMN_FIELD_LABELS,
): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const c of columnas) {
    if (!isColumnField(c.nombre_interno, labels)) {
      errors.push(`${INVALID_FIELD}: ${String(c.nombre_interno ?? '')}`);
      continue;
    }
    if (seen.has(c.nombre_interno)) errors.push(`La columna "${c.nombre_interno}" está repetida`);
    seen.add(c.nombre_interno);
    if (typeof c.nombre !== 'string' || c.nombre.trim() === '') errors.push(`La columna "${c.nombre_interno}" necesita un nombre`);
    if (!Number.isInteger(c.orden) || (c.orden as number) < 1) errors.push(`El orden de "${c.nombre_interno}" debe ser un entero mayor o igual a 1`);
  }
  return errors;
}
