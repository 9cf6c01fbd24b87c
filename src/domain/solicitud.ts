/**
 * The application aggregate as the server sends it by pull and the client mirrors it in Dexie:
 * one row per solicitud, holding its applicant and every block the list and the edit modal read.
 * Editable fields are addressed by path: `<block>.<column>`, `<block>.<jsonColumn>.<key>`, or, for
 * a field of a credit kind's sub-object, `solicitud.detalle_credito.<kind>.<key>` (spec 01 §3:
 * credito_hipotecario, credito_vehicular…), so an edit and its conflicts are per leaf field.
 * The device's mutator and the server apply a path with the same function (`withJsonValue`).
 */
import { CREDIT_KINDS } from './credito';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface SolicitanteBlock {
  id: string;
  nombres: string;
  primer_apellido: string;
  segundo_apellido: string | null;
  correo: string | null;
  numero_documento: string;
  tipo_identificacion: string | null;
  fecha_nacimiento: string | null;
  genero: string | null;
  info_extra: Record<string, Json>;
}

export interface UbicacionBlock {
  id: string;
  ciudad_residencia: string | null;
  departamento_residencia: string | null;
  barrio: string | null;
  estrato: number | null;
  detalle_direccion: Record<string, Json>;
}

export interface ActividadBlock {
  id: string;
  tipo_actividad: string | null;
  sector_economico: string | null;
  cargo_actual: string | null;
  tipo_contrato: string | null;
  detalle_actividad: Record<string, Json>;
}

export interface FinancieraBlock {
  id: string;
  total_ingresos_mensuales: number | null;
  total_egresos_mensuales: number | null;
  total_activos: number | null;
  total_pasivos: number | null;
  detalle_financiera: Record<string, Json>;
}

export interface SolicitudBlock {
  id: string;
  estado: string;
  banco_nombre: string | null;
  ciudad_solicitud: string | null;
  tipo_credito: string | null;
  detalle_credito: Record<string, Json>;
  preferencias_notificacion: { email: boolean; sms: boolean };
  radicado: string | null;
  created_by_user_id: number | null;
  assigned_to_user_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ReferenciaRow {
  id: string;
  tipo_referencia: string | null;
  detalle_referencia: Record<string, Json>;
}

export interface ObservacionRow {
  id: string;
  tipo: string;
  observacion: string;
  usuario_id: number | null;
  usuario_nombre: string | null;
  fecha_creacion: string;
}

export interface DocumentoRow {
  id: string;
  nombre: string;
  mime: string;
  file_size: number;
  created_at: string;
}

export interface SolicitudRecord {
  id: string;
  solicitante: SolicitanteBlock;
  ubicacion: UbicacionBlock | null;
  actividad_economica: ActividadBlock | null;
  informacion_financiera: FinancieraBlock | null;
  solicitud: SolicitudBlock;
  referencias: ReferenciaRow[];
  observaciones: ObservacionRow[];
  documentos: DocumentoRow[];
}

/** Blocks whose columns (and JSON column keys) may be edited through `solicitud.editar`. */
export const EDITABLE_BLOCKS = {
  solicitante: {
    columns: [
      'nombres',
      'primer_apellido',
      'segundo_apellido',
      'correo',
      'numero_documento',
      'tipo_identificacion',
      'fecha_nacimiento',
      'genero',
    ],
    json: 'info_extra',
  },
  ubicacion: {
    columns: ['ciudad_residencia', 'departamento_residencia', 'barrio', 'estrato'],
    json: 'detalle_direccion',
  },
  actividad_economica: {
    columns: ['tipo_actividad', 'sector_economico', 'cargo_actual', 'tipo_contrato'],
    json: 'detalle_actividad',
  },
  informacion_financiera: {
    columns: [
      'total_ingresos_mensuales',
      'total_egresos_mensuales',
      'total_activos',
      'total_pasivos',
    ],
    json: 'detalle_financiera',
  },
  solicitud: {
    // detalle_credito is both: a column (replaced whole) and the JSON column of the solicitud
    // entity's fields (`solicitud.detalle_credito.monto_solicitado`).
    columns: ['banco_nombre', 'ciudad_solicitud', 'tipo_credito', 'detalle_credito', 'preferencias_notificacion'],
    json: 'detalle_credito',
  },
} as const;
export type EditableBlock = keyof typeof EDITABLE_BLOCKS;

/** Required text fields of an edit: name, first surname and document (at most 200 characters). */
export const REQUIRED_TEXT_PATHS = ['solicitante.nombres', 'solicitante.primer_apellido', 'solicitante.numero_documento'] as const;

/** What an edit that empties one of them is told (spec 01 §5 'Edit record'). */
export const REQUIRED_TEXT_MESSAGES: Readonly<Record<(typeof REQUIRED_TEXT_PATHS)[number], string>> = {
  'solicitante.nombres': 'El nombre es obligatorio',
  'solicitante.primer_apellido': 'El primer apellido es obligatorio',
  'solicitante.numero_documento': 'El número de documento es obligatorio',
};

/**
 * The longest text an edit accepts for a field: 200 for a required one, 500 for another column,
 * 2000 for a key of a JSON column. The server refuses longer text (never cuts it); the form's inputs
 * stop there.
 */
export function maxTextLength(path: string): number {
  if ((REQUIRED_TEXT_PATHS as readonly string[]).includes(path)) return 200;
  return path.split('.').length >= 3 ? 2000 : 500;
}

/** A key inside a JSON column: a plain name that is not a member of every object (`constructor`, `__proto__`). */
const isJsonKey = (key: string) => /^[a-zA-Z0-9_]{1,60}$/.test(key) && !(key in Object.prototype) && key !== 'prototype';

/** Whether `key` of detalle_credito names a credit kind's sub-object. */
export const isCreditKindKey = (key: string) => (CREDIT_KINDS as readonly string[]).includes(key);

export interface FieldPath {
  block: EditableBlock;
  column: string;
  /** The key inside the JSON column, or null for the column itself. */
  key: string | null;
  /** The key inside a credit kind's sub-object (`key` is then the kind), or null. */
  sub: string | null;
}

/** Splits and checks a field path; returns null when the path is not editable. */
export function parseFieldPath(path: string): FieldPath | null {
  const parts = path.split('.');
  const block = parts[0] as EditableBlock;
  // Own keys only: `constructor.name` or `__proto__.x` must not find Object's members.
  if (!Object.hasOwn(EDITABLE_BLOCKS, block)) return null;
  const def = EDITABLE_BLOCKS[block];
  if (parts.length === 2 && (def.columns as readonly string[]).includes(parts[1])) {
    return { block, column: parts[1], key: null, sub: null };
  }
  if (parts.length === 3 && def.json && parts[1] === def.json && isJsonKey(parts[2])) {
    return { block, column: parts[1], key: parts[2], sub: null };
  }
  if (parts.length === 4 && block === 'solicitud' && parts[1] === 'detalle_credito' && isCreditKindKey(parts[2]) && isJsonKey(parts[3])) {
    return { block, column: parts[1], key: parts[2], sub: parts[3] };
  }
  return null;
}

const isPlainObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/**
 * A JSON column after one path's value is set in it: `key` (or `sub` inside the object at `key`).
 * A credit kind set to null is removed: its sub-object is dropped (spec 01 §4). The input is not
 * modified. The device's mutator and the server's edit both apply paths through this.
 */
export function withJsonValue(
  json: Readonly<Record<string, unknown>> | null | undefined,
  key: string,
  sub: string | null,
  value: unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(isPlainObject(json) ? json : {}) };
  if (sub !== null) {
    const inner = isPlainObject(out[key]) ? (out[key] as Record<string, unknown>) : {};
    out[key] = { ...inner, [sub]: value };
  } else if (value === null && isCreditKindKey(key)) {
    delete out[key];
  } else {
    out[key] = value;
  }
  return out;
}

/** Reads a path from the record (undefined when the block is missing). */
export function readPath(record: SolicitudRecord, path: string): unknown {
  const p = parseFieldPath(path);
  if (!p) return undefined;
  const block = record[p.block] as unknown as Record<string, unknown> | null;
  if (!block) return undefined;
  const col = block[p.column];
  if (p.key === null) return col;
  const value = (col as Record<string, unknown> | null)?.[p.key];
  if (p.sub === null) return value;
  return isPlainObject(value) ? value[p.sub] : undefined;
}

/**
 * Whether two stored values of one field are the same: absent, null and '' alike, objects by their
 * JSON. The server's edit conflict check and 'Editar Registro' (which sends only what changed) use it.
 */
export function mismoValorGuardado(a: unknown, b: unknown): boolean {
  const norm = (x: unknown) => (x === undefined || x === '' ? null : x);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

export function fullName(s: Pick<SolicitanteBlock, 'nombres' | 'primer_apellido' | 'segundo_apellido'>): string {
  const name = [s.nombres, s.primer_apellido, s.segundo_apellido]
    .map((x) => (x ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || 'Sin nombre';
}
