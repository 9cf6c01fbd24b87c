/**
 * The options a form offers for a field, and how each reads (issue 28): the creation form and
 * 'Editar Registro' ask this one function, so the same field offers the same choices in both.
 * - The field's own list comes first: the company configured it (list_values.enum).
 * - Otherwise the special lists of src/domain/listas.ts by key (documents, genders, credit
 *   lines…), and the company's lists for cities and banks (categories 'ciudades' and 'bancos',
 *   or the spec's defaults when the company has none).
 * - The stored value never changes (genero 'M'); its label is spelled out, capitalised and
 *   accented ('Masculino', 'Microcrédito'). A value the list lacks (an old record's) stays
 *   offered, so opening a record never changes it.
 * Pure: no React, Dexie or DOM.
 */
import { DEFAULT_BANCOS, DEFAULT_CIUDADES } from './colombia';
import { parseListValues, type FieldDefinition } from './field-definition';
import { specialOptionsFor, type SpecialOptionsContext } from './listas';
import { fold } from './text';

export interface Option {
  value: string;
  label: string;
}

const LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  genero: { m: 'Masculino', f: 'Femenino', o: 'Otro' },
  tipo_identificacion: {
    cc: 'Cédula de ciudadanía (CC)',
    ce: 'Cédula de extranjería (CE)',
    ti: 'Tarjeta de identidad (TI)',
    pp: 'Pasaporte (PP)',
    nit: 'NIT',
  },
  tipo_credito: {
    hipotecario: 'Hipotecario',
    vivienda: 'Vivienda',
    vehicular: 'Vehicular',
    vehiculo: 'Vehículo',
    'libre inversion': 'Libre inversión',
    consumo: 'Consumo',
    comercial: 'Comercial',
    microcredito: 'Microcrédito',
    libranza: 'Libranza',
  },
};

/** 'personal' -> 'Personal': the first letter up, the rest as written. */
export function capitalizar(text: string): string {
  const t = text.trim();
  return t ? t[0].toLocaleUpperCase('es-CO') + t.slice(1) : t;
}

/** Whether field `key` has a list of known labels (its stored values are keys like 'libre inversion'). */
export const hasOptionLabels = (key: string) => Object.prototype.hasOwnProperty.call(LABELS, key.trim().toLowerCase());

/** How a stored value of field `key` reads on screen. */
export function optionLabel(key: string, value: string): string {
  const known = LABELS[key.trim().toLowerCase()]?.[fold(value)];
  return known ?? capitalizar(value);
}

/** The company's lists, from its mirrored categories ('ciudades', 'bancos'); the defaults when empty. */
export function companyLists(categorias: readonly Record<string, unknown>[]): { ciudades: readonly string[]; bancos: readonly string[] } {
  const namesOf = (categoria: string): string[] => {
    const row = categorias.find((r) => r.categoria === categoria && r.activo !== false);
    const list = Array.isArray(row?.configuracion) ? (row.configuracion as unknown[]) : [];
    return list.filter((x): x is string => typeof x === 'string' && x.trim() !== '');
  };
  const ciudades = namesOf('ciudades');
  const bancos = namesOf('bancos');
  return { ciudades: ciudades.length ? ciudades : DEFAULT_CIUDADES, bancos: bancos.length ? bancos : DEFAULT_BANCOS };
}

/** Said after a value the field holds that its configured list no longer offers (options changed since). */
export const FUERA_DE_LISTA = '(ya no está en la lista)';

/**
 * The options of a field, or null when it is not a choice (a text, a number…). `current` is the
 * value the field holds, kept as the first option when the list does not have it; when the list is
 * the company's own, it is marked as such: an application saved before the administrator changed
 * the options shows its value honestly, not as if it were still one of them, and can be saved as
 * it is or changed.
 */
export function fieldOptions(
  field: Pick<FieldDefinition, 'key' | 'type' | 'list_values'>,
  ctx: SpecialOptionsContext,
  current?: unknown,
): Option[] | null {
  const configured = parseListValues(field.list_values).enum;
  const values = configured?.length
    ? configured
    : field.type === 'string' || field.type === 'array'
      ? specialOptionsFor(field.key, ctx)
      : null;
  if (!values) return null;
  const options = values.map((value) => ({ value, label: optionLabel(field.key, value) }));
  if (typeof current === 'string' && current.trim() && !values.includes(current)) {
    // Only a list the company configured can have dropped it; a built-in list (credit lines of
    // the edit form, a department's cities) may simply not hold a value another screen offered.
    const label = optionLabel(field.key, current);
    options.unshift({ value: current, label: configured?.length ? `${label} ${FUERA_DE_LISTA}` : label });
  }
  return options;
}
