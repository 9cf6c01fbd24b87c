/**
 * Categories (spec 02 §3 'Category', §5 'Categories'): configurable lists of a company. The
 * configuration is either a simple list of strings or any non-empty JSON array/object. Shared by
 * the categories tab and the server. Pure.
 */

export type CategoriaFormat = 'simple_array' | 'complex';

export interface Categoria {
  id?: number;
  categoria: string;
  descripcion: string;
  activo: boolean;
  configuracion: unknown;
}

export const CATEGORIA_NAME_REQUIRED = 'El nombre de la categoría es requerido';
export const DESCRIPCION_REQUIRED = 'La descripción es requerida';

/** Names that are paths of their own under /api/configuraciones. */
export const RESERVED_CATEGORY_NAMES = ['categorias', 'columnas-tabla'] as const;

/** Format on load: empty, or a list of only strings, is simple; anything else is complex. */
export function detectFormat(configuracion: unknown): CategoriaFormat {
  if (configuracion === null || configuracion === undefined || configuracion === '') return 'simple_array';
  if (Array.isArray(configuracion)) {
    return configuracion.every((item) => typeof item === 'string') ? 'simple_array' : 'complex';
  }
  return 'complex';
}

function itemText(item: unknown): string {
  if (item === null || item === undefined) return '';
  if (typeof item === 'string') return item;
  if (typeof item === 'number' || typeof item === 'boolean') return String(item);
  if (typeof item === 'object' && !Array.isArray(item)) {
    const o = item as Record<string, unknown>;
    for (const k of ['nombre', 'name', 'label', 'valor', 'value', 'descripcion']) {
      if (typeof o[k] === 'string' || typeof o[k] === 'number') return String(o[k]);
    }
  }
  return JSON.stringify(item);
}

/**
 * Switching to the simple format: a list becomes its items as text (objects by their name-like
 * field, else their JSON); an object becomes its keys; blanks and repeats are dropped.
 */
export function toSimpleList(configuracion: unknown): string[] {
  let items: unknown[];
  if (Array.isArray(configuracion)) items = configuracion;
  else if (configuracion && typeof configuracion === 'object') items = Object.keys(configuracion);
  else if (configuracion === null || configuracion === undefined || configuracion === '') items = [];
  else items = [configuracion];
  const out: string[] = [];
  for (const item of items) {
    const text = itemText(item).trim();
    if (text && !out.includes(text)) out.push(text);
  }
  return out;
}

/** The configuration rules; [] = valid. */
export function configuracionErrors(configuracion: unknown): string[] {
  if (configuracion === null || configuracion === undefined || configuracion === '') {
    return ['La configuración no puede estar vacía'];
  }
  if (Array.isArray(configuracion)) {
    return configuracion.length === 0 ? ['La configuración no puede ser un array vacío'] : [];
  }
  if (typeof configuracion === 'object') {
    return Object.keys(configuracion).length === 0 ? ['La configuración no puede ser un objeto vacío'] : [];
  }
  return ['La configuración debe ser un array o un objeto'];
}

/** A category name: required, at most 60 characters, not a reserved path, no slashes. */
export function categoriaNameError(name: unknown): string | null {
  const n = typeof name === 'string' ? name.trim() : '';
  if (!n) return CATEGORIA_NAME_REQUIRED;
  if (n.length > 60) return 'El nombre de la categoría no puede tener más de 60 caracteres';
  if (/[/?#%\\]/.test(n)) return 'El nombre de la categoría no puede contener / ? # % ni \\';
  // A member of every object ('__proto__', 'constructor', 'toString'…) or 'prototype' names no list:
  // code that reads lists by name (config[name]) would find Object's own member, and a '__proto__'
  // key is dropped or changes the prototype when a record is built from the names.
  if ((RESERVED_CATEGORY_NAMES as readonly string[]).includes(n.toLowerCase()) || n in Object.prototype || n === 'prototype') {
    return `El nombre "${n}" está reservado; elige otro`;
  }
  return null;
}

/** Description and configuration rules together (the editor shows them as 'Errores de validación: ...'). */
export function validateCategoria(input: { descripcion?: unknown; configuracion?: unknown }): string[] {
  const errors: string[] = [];
  if (typeof input.descripcion !== 'string' || input.descripcion.trim() === '') errors.push(DESCRIPCION_REQUIRED);
  else if (input.descripcion.length > 500) errors.push('La descripción no puede tener más de 500 caracteres');
  errors.push(...configuracionErrors(input.configuracion));
  return errors;
}
